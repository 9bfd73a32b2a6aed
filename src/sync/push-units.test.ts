// Table tests of push.ts's small pure parts (and the conversation kind's): how units share requests, and the later of two times.
import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '@/db/rows'
import { PUSH_BATCH_SIZE } from './constants'
import { kindOf } from './kinds'
import { maxIso } from './kinds/conversation-create'
import { batches } from './push'

/** A unit of `n` message entries of one conversation. */
const unit = (group: string, n: number): OutboxEntry[] =>
  Array.from(
    { length: n },
    (_, i) =>
      ({
        seq: i,
        group: `conversation:${group}`,
        queued_at: 0,
        state: 'queued',
        attempts: 0,
        not_before: 0,
        op: { kind: 'message.send', message: { id: `${group}-${i}` } },
      }) as unknown as OutboxEntry,
  )

const sizes = (bs: OutboxEntry[][][]) => bs.map((b) => b.map((u) => u.length))

describe('batches', () => {
  it.each([
    ['one unit', [3], [[3]]],
    ['units that fill a request exactly share it', [PUSH_BATCH_SIZE - 10, 10], [[PUSH_BATCH_SIZE - 10, 10]]],
    ['one entry over the limit starts a new request', [PUSH_BATCH_SIZE - 10, 11], [[PUSH_BATCH_SIZE - 10], [11]]],
    ['a unit larger than the limit is never split', [PUSH_BATCH_SIZE + 5, 1], [[PUSH_BATCH_SIZE + 5], [1]]],
    ['three requests, in order', [PUSH_BATCH_SIZE, PUSH_BATCH_SIZE, 1], [[PUSH_BATCH_SIZE], [PUSH_BATCH_SIZE], [1]]],
    ['no units, no requests', [], []],
  ] as [string, number[], number[][]][])('%s', (_name, units, expected) => {
    const built = units.map((n, i) => unit(`c${i}`, n))
    const out = batches(built, kindOf('message.send').batched)
    expect(sizes(out)).toEqual(expected)
    // Every unit goes exactly once, in order, whole.
    expect(out.flat()).toEqual(built)
  })

  it('kinds that are not batched go one unit per request', () => {
    expect(sizes(batches([unit('a', 1), unit('b', 2)], kindOf('profile.update').batched))).toEqual([[1], [2]])
  })
})

describe('maxIso', () => {
  it.each([
    [null, null, null],
    ['2026-01-01T00:00:01.000Z', null, '2026-01-01T00:00:01.000Z'],
    [null, '2026-01-01T00:00:01.000Z', '2026-01-01T00:00:01.000Z'],
    ['2026-01-01T00:00:02.000Z', '2026-01-01T00:00:01.000Z', '2026-01-01T00:00:02.000Z'],
    ['2026-01-01T00:00:01.000Z', '2026-01-01T00:00:02.000Z', '2026-01-01T00:00:02.000Z'],
    ['2026-01-01T00:00:01.000Z', '2026-01-01T00:00:01.000Z', '2026-01-01T00:00:01.000Z'],
  ])('maxIso(%s, %s) = %s', (a, b, expected) => {
    expect(maxIso(a, b)).toBe(expected)
  })
})
