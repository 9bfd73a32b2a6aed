import { describe, expect, it } from 'vitest'
import { evictions, extraIds, isKept, touchRecent, type WindowCandidate, type WindowKeep } from './listing-window'

const listing = (id: string, minute: number, extra: Partial<WindowCandidate> = {}): WindowCandidate => ({
  id,
  status: 'active',
  created_at: `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`,
  user_id: 'seller',
  sync_state: 'synced',
  ...extra,
})

const none: WindowKeep = {
  favourites: new Set(),
  conversations: new Set(),
  queued: new Set(),
  recent: new Set(),
  pages: new Set(),
}
const keepOf = (k: Partial<WindowKeep>): WindowKeep => ({ ...none, ...k })

// a is the oldest, e the newest.
const held = [listing('a', 1), listing('b', 2), listing('c', 3), listing('d', 4), listing('e', 5)]

describe('the window: what is evicted', () => {
  it.each<[string, WindowCandidate[], WindowKeep, number, string[]]>([
    ['nothing when the device holds no more than the window', held, none, 5, []],
    ['the oldest beyond the window', held, none, 3, ['a', 'b']],
    ['everything not kept when the window is 0', held, none, 0, ['a', 'b', 'c', 'd', 'e']],
    ['not the user’s own listing', held, keepOf({ owner: 'me' }), 3, ['a', 'b']],
    [
      'not the user’s own listing (owned)',
      [listing('a', 1, { user_id: 'me' }), ...held.slice(1)],
      keepOf({ owner: 'me' }),
      3,
      ['b'],
    ],
    ['not a favourite', held, keepOf({ favourites: new Set(['a']) }), 3, ['b']],
    ['not a listing talked about', held, keepOf({ conversations: new Set(['b']) }), 3, ['a']],
    ['not a listing with queued writes or drafts', held, keepOf({ queued: new Set(['a']) }), 3, ['b']],
    ['not a listing opened recently', held, keepOf({ recent: new Set(['a', 'b']) }), 3, []],
    ['not a listing of a kept search answer', held, keepOf({ pages: new Set(['b']) }), 3, ['a']],
    ['not a row with unsent changes', [listing('a', 1, { sync_state: 'pending' }), ...held.slice(1)], none, 3, ['b']],
    [
      'a sold listing that is not kept, even among the newest',
      [...held.slice(0, 4), listing('e', 5, { status: 'sold' })],
      none,
      3,
      ['a', 'e'],
    ],
    [
      'not a sold listing of the user',
      [...held.slice(0, 4), listing('e', 5, { status: 'sold', user_id: 'me' })],
      keepOf({ owner: 'me' }),
      3,
      ['a'],
    ],
    [
      'a visitor keeps no one’s listings as their own',
      [listing('a', 1, { user_id: 'me' }), ...held.slice(1)],
      none,
      3,
      ['a', 'b'],
    ],
  ])('%s', (_, rows, keep, size, expected) => {
    expect(evictions(rows, keep, size).sort()).toEqual(expected)
  })

  it('breaks equal creation times by id, as the server orders the window', () => {
    const same = [listing('x', 1), listing('y', 1), listing('z', 1)]
    expect(evictions(same, none, 2)).toEqual(['x'])
  })

  it('keeps what it is given to keep whatever the window', () => {
    expect(isKept(listing('a', 1), keepOf({ recent: new Set(['a']) }))).toBe(true)
    expect(isKept(listing('a', 1), none)).toBe(false)
  })
})

describe('the recently opened listings (LRU)', () => {
  it.each<[string, string[], string, number, string[]]>([
    ['a first opening', [], 'a', 3, ['a']],
    ['a new one goes first', ['a', 'b'], 'c', 3, ['c', 'a', 'b']],
    ['one opened again moves to the front, once', ['a', 'b', 'c'], 'c', 3, ['c', 'a', 'b']],
    ['the least recently opened leaves past the cap', ['a', 'b', 'c'], 'd', 3, ['d', 'a', 'b']],
    ['a cap of 0 keeps none', ['a'], 'b', 0, []],
  ])('%s', (_, recent, id, cap, expected) => {
    expect(touchRecent(recent, id, cap)).toEqual(expected)
  })
})

describe('the ids the device names to the server', () => {
  it.each<[string, string[], string[], string[], number, string[]]>([
    ['queued, then recent, then search answers', ['q'], ['r1', 'r2'], ['p'], 10, ['q', 'r1', 'r2', 'p']],
    ['no duplicates', ['a'], ['a', 'b'], ['b', 'c'], 10, ['a', 'b', 'c']],
    ['at most max, queued kept first', ['q1', 'q2'], ['r'], ['p'], 3, ['q1', 'q2', 'r']],
    ['none', [], [], [], 10, []],
  ])('%s', (_, queued, recent, pages, max, expected) => {
    expect(extraIds(queued, recent, pages, max)).toEqual(expected)
  })
})
