import { describe, expect, it } from 'vitest'
import type { OutboxEntry, OutboxGroup, OutboxOp } from '@/db/rows'
import { backoffDelayMs, retryDueAt, retryWaitMs } from './backoff'
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, RETRY_WAIT_MAX_MS } from './constants'
import { readyHeads, unitOf } from './outbox'
import { lookbackFrom } from './pull'

let seq = 0
const listingOp = (title: string): OutboxOp => ({
  kind: 'listing.upsert',
  listing: {
    id: 'l1',
    user_id: 'u',
    title,
    description: 'd',
    price: 1,
    condition: 'very_good',
    category: 'men',
    product_type: null,
    brand: null,
    size: null,
    fabric: null,
    location: null,
    tags: null,
    status: 'active',
    edited_at: '2026-01-01T00:00:00Z',
  },
})
const e = (group: OutboxGroup, op: OutboxOp, over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  seq: ++seq,
  group,
  op,
  queued_at: 0,
  state: 'queued',
  attempts: 0,
  not_before: 0,
  ...over,
})
const photo: OutboxOp = { kind: 'photo.upload', photo_id: 'p', path: 'u/l1/p.webp', content_type: 'image/webp' }

describe('outbox order', () => {
  it('sends only the first entry of each group, so a group goes strictly in order', () => {
    const entries = [e('listing:a', photo), e('listing:a', listingOp('x')), e('listing:b', listingOp('y'))]
    expect(readyHeads(entries, 0).map((x) => x.seq)).toEqual([entries[0]!.seq, entries[2]!.seq])
  })

  it('holds a group behind a failed entry and one backing off, without holding the others', () => {
    const entries = [
      e('listing:a', listingOp('x'), { state: 'failed' }),
      e('listing:a', photo),
      e('listing:b', listingOp('y'), { not_before: 500 }),
      e('profile:u', listingOp('z')),
    ]
    expect(readyHeads(entries, 100).map((x) => x.group)).toEqual(['profile:u'])
    expect(readyHeads(entries, 500).map((x) => x.group)).toEqual(['listing:b', 'profile:u'])
  })

  it('sends a write whose wait was set before the device clock went back (15 min) at once', () => {
    const setAt = 1_000_000_000
    const entries = [e('listing:a', listingOp('x'), { attempts: 1, not_before: setAt + 150 })]
    expect(readyHeads(entries, setAt - 15 * 60_000).map((x) => x.group)).toEqual(['listing:a'])
    expect(readyHeads(entries, setAt).map((x) => x.group)).toEqual([])
  })

  it('collapses consecutive full-state edits of one listing, but not across another kind', () => {
    const entries = [
      e('listing:a', listingOp('1')),
      e('listing:a', listingOp('2')),
      e('listing:a', photo),
      e('listing:a', listingOp('3')),
    ]
    expect(unitOf(entries, entries[0]!, 10).map((x) => x.seq)).toEqual([entries[0]!.seq, entries[1]!.seq])
    expect(unitOf(entries, entries[2]!, 10).map((x) => x.seq)).toEqual([entries[2]!.seq])
  })

  it('sends a conversation’s consecutive messages together, in order, up to the limit, never past a failed one', () => {
    const message = (id: string): OutboxOp => ({
      kind: 'message.send',
      message: { id, conversation_id: 'c', listing_id: 'l', sender_id: 's', receiver_id: 'r', content: id },
    })
    const entries = [
      e('conversation:c', message('m1')),
      e('conversation:d', message('x')),
      e('conversation:c', message('m2')),
      e('conversation:c', message('m3')),
      e('conversation:c', message('m4'), { state: 'failed' }),
      e('conversation:c', message('m5')),
    ]
    const ids = (unit: OutboxEntry[]) =>
      unit.map((x) => (x.op as Extract<OutboxOp, { kind: 'message.send' }>).message.id)
    expect(ids(unitOf(entries, entries[0]!, 10))).toEqual(['m1', 'm2', 'm3'])
    expect(ids(unitOf(entries, entries[0]!, 2))).toEqual(['m1', 'm2'])
    const create: OutboxOp = {
      kind: 'conversation.create',
      conversation: { id: 'c', listing_id: 'l', buyer_id: 's', seller_id: 'r' },
    }
    const opened = [e('conversation:c', create), e('conversation:c', message('m1'))]
    expect(unitOf(opened, opened[0]!, 10)).toHaveLength(1)
  })
})

describe('backoff', () => {
  it('starts at 200 ms, doubles, and stops growing at the cap, with jitter in the upper half', () => {
    expect(backoffDelayMs(1, () => 0)).toBe(BACKOFF_BASE_MS / 2)
    expect(backoffDelayMs(1, () => 0.999999)).toBeCloseTo(BACKOFF_BASE_MS, 0)
    expect(backoffDelayMs(3, () => 1)).toBe(BACKOFF_BASE_MS * 4)
    expect(backoffDelayMs(40, () => 1)).toBe(BACKOFF_CAP_MS)
  })

  it.each([
    // attempt, Retry-After, jitter, wait
    [1, undefined, 1, BACKOFF_BASE_MS],
    [1, 12_000, 1, 12_000],
    [40, 1_000, 1, BACKOFF_CAP_MS],
    [1, 60 * 60_000, 0, RETRY_WAIT_MAX_MS],
  ])('after attempt %i with Retry-After %s (jitter %s) waits %i ms', (attempt, retryAfter, jitter, wait) => {
    expect(retryWaitMs(attempt, retryAfter, () => jitter)).toBe(wait)
  })

  const now = 1_000_000_000
  it.each([
    // the wait ends at, read at now: due at
    ['in the past', now - 1, now - 1],
    ['now', now, now],
    ['in 30 s', now + 30_000, now + 30_000],
    ['at the longest wait', now + RETRY_WAIT_MAX_MS, now + RETRY_WAIT_MAX_MS],
    ['1 ms past the longest wait (clock went back)', now + RETRY_WAIT_MAX_MS + 1, now],
    ['15 min ahead (clock set back 15 min)', now + 15 * 60_000 + 150, now],
  ])('a wait that ends %s is due at the right time', (_, notBefore, due) => {
    expect(retryDueAt(notBefore, now)).toBe(due)
  })
})

describe('pull cursor', () => {
  it('starts a little before the stored position, from the first id at that time', () => {
    expect(lookbackFrom({ updated_at: '2026-11-22T05:00:10.123456+00:00', id: 'abc' })).toEqual({
      updated_at: '2026-11-22T05:00:08.123Z',
      id: '',
    })
    expect(lookbackFrom(null)).toBeNull()
  })
})
