import { describe, expect, it } from 'vitest'
import { needsRescope, scopeCovers, unnamedIds, type WatchScope } from './realtime-scope'

const T = (minute: number) => `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`
/** Creation times of held listings: o1, o2 old; n1 newer. */
const created: Record<string, string> = { o1: T(1), o2: T(2), o3: T(3), n1: T(30) }
const at = (id: string) => created[id]
const scope = (createdSince: string | null, ids: string[] = []): WatchScope => ({ createdSince, ids })

describe('the realtime scope: does the open channel hear what the device holds now?', () => {
  it.each<[string, WatchScope, WatchScope, number, boolean]>([
    ['the same scope', scope(T(20), ['o1']), scope(T(20), ['o1']), 500, true],
    ['a channel hearing every change hears anything', scope(null), scope(T(20), ['o1', 'o2']), 500, true],
    ['a device that now holds a full window, from one hearing every change', scope(null), scope(T(20)), 500, true],
    ['the window moved forward (a new listing): the older start hears more', scope(T(20)), scope(T(25)), 500, true],
    ['the window moved back (one sold): older listings are not heard', scope(T(20)), scope(T(10)), 500, false],
    ['from a full window to less than one (every change asked)', scope(T(20)), scope(null), 500, false],
    ['an old listing opened: not heard', scope(T(20), ['o1']), scope(T(20), ['o1', 'o2']), 500, false],
    [
      'a listing dropped from the ids: still heard (asks for less)',
      scope(T(20), ['o1', 'o2']),
      scope(T(20), ['o1']),
      500,
      true,
    ],
    ['an id heard by creation time after the window moved forward', scope(T(20)), scope(T(40), ['n1']), 500, true],
    ['an id of unknown creation time is not heard', scope(T(20)), scope(T(20), ['gone']), 500, false],
    [
      'ids beyond the channel’s room are followed by the pulls, not a new channel',
      scope(T(20), ['o1']),
      scope(T(20), ['o1', 'o2']),
      1,
      true,
    ],
  ])('%s', (_, current, next, max, expected) => {
    expect(scopeCovers(current, next, at, max)).toBe(expected)
  })

  it.each<[string, WatchScope, WatchScope, boolean]>([
    ['not when the open channel hears it all', scope(T(20), ['o1']), scope(T(25), ['o1']), false],
    ['when it does not', scope(T(20), ['o1']), scope(T(20), ['o1', 'o2']), true],
    ['when it hears every change and the device now holds a full window (narrowed)', scope(null), scope(T(20)), true],
    ['not while the device still holds less than a window', scope(null), scope(null), false],
  ])('a new channel %s', (_, current, next, expected) => {
    expect(needsRescope(current, next, at, 500)).toBe(expected)
  })

  it('names the ids to look up: those of the new scope the open channel does not name', () => {
    expect(unnamedIds(scope(T(20), ['o1']), scope(T(20), ['o1', 'o2', 'o3']), 500)).toEqual(['o2', 'o3'])
    expect(unnamedIds(scope(T(20), ['o1']), scope(T(20), ['o1', 'o2', 'o3']), 2)).toEqual(['o2'])
  })
})
