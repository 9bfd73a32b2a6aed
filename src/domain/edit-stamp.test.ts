import { describe, expect, it } from 'vitest'
import { nextEditStamp } from './edit-stamp'

const T = Date.parse('2026-11-27T12:00:00.000Z')
const MIN = 60_000

describe('nextEditStamp', () => {
  it.each<[string, number, number | null, number[], number]>([
    ['the first stamp: the clock', T, null, [], T],
    ['a clock that moved on: the clock', T, T - MIN, [], T],
    ['two edits in the same millisecond: 1 ms apart', T, T, [], T + 1],
    ['a clock set back 5 minutes: 1 ms after the last stamp', T - 5 * MIN, T, [], T + 1],
    ['a clock set back 1 ms: still later than the last stamp', T - 1, T, [], T + 1],
    ['an own unsent edit stamped later than the clock: after it', T, null, [T + 2 * MIN], T + 2 * MIN + 1],
    ['the latest of last and seen counts', T, T + 10, [T + 5, T + 20], T + 21],
    ['seen stamps older than the clock change nothing', T, null, [T - MIN], T],
    ['a stamp that is not a number is ignored', T, null, [Number.NaN], T],
  ])('%s', (_, now, last, seen, expected) => {
    expect(nextEditStamp(now, last, seen)).toBe(expected)
  })

  it('never goes back over a sequence of clock jumps', () => {
    const clock = [T, T + 1_000, T - 4 * MIN, T - 4 * MIN, T + 2_000, T + 10 * MIN, T + 9 * MIN]
    let last: number | null = null
    const stamps = clock.map((now) => (last = nextEditStamp(now, last)))
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]).toBeGreaterThan(stamps[i - 1]!)
    expect(stamps.at(-2)).toBe(T + 10 * MIN)
  })
})
