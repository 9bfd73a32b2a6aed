import { describe, expect, it } from 'vitest'
import {
  LIVE_ARRIVAL_WINDOW_MS,
  activityAt,
  byNewestActivity,
  dayLabel,
  groupByDay,
  inThreadOrder,
  liveArrivals,
  localDayKey,
  messageState,
  readMarkAt,
  relativeTime,
  unreadCount,
} from './inbox-view'

describe('docs/decisions.md#D-thread-view: each of my messages shows its state', () => {
  it.each([
    ['pending', 'queued'],
    ['synced', 'sent'],
    ['failed', 'failed'],
  ] as const)('sync_state %s → %s', (sync, state) => {
    expect(messageState(sync)).toBe(state)
  })
})

describe('docs/decisions.md#D-read-marks: unread counts', () => {
  const msgs = [
    { receiver_id: 'me', created_at: '2026-11-23T10:00:00.000Z' },
    { receiver_id: 'them', created_at: '2026-11-23T10:01:00.000Z' },
    { receiver_id: 'me', created_at: '2026-11-23T10:02:00+00:00' },
    { receiver_id: 'me', created_at: '2026-11-23T10:03:00.123456+00:00' },
  ]
  it.each([
    [null, 3],
    [undefined, 3],
    ['2026-11-23T10:00:00.000Z', 2],
    // the server's "+00:00" and a device's "Z" compare as instants, not as strings
    ['2026-11-23T10:02:00.000Z', 1],
    ['2026-11-23T11:00:00+00:00', 0],
  ])('last read %s → %d unread (only messages to me count)', (lastRead, n) => {
    expect(unreadCount(msgs, 'me', lastRead)).toBe(n)
  })

  it('stores the read mark at the newest message when the server clock runs ahead of the device', () => {
    const now = Date.parse('2026-11-23T10:00:00Z')
    expect(readMarkAt(now, '2026-11-23T10:00:05Z')).toBe(Date.parse('2026-11-23T10:00:05Z'))
    expect(readMarkAt(now, '2026-11-23T09:00:00Z')).toBe(now)
    expect(readMarkAt(now, null)).toBe(now)
  })
})

describe('docs/product.md §7.2 inbox: newest activity first', () => {
  const conv = (id: string, last: string | null, created = '2026-11-01T00:00:00Z') => ({
    id,
    last_message_at: last,
    created_at: created,
  })
  it('takes the later of the server time and a message still on this device', () => {
    expect(activityAt(conv('a', '2026-11-23T10:00:00Z'), { created_at: '2026-11-23T11:00:00Z' })).toBe(
      Date.parse('2026-11-23T11:00:00Z'),
    )
    expect(activityAt(conv('a', '2026-11-23T10:00:00Z'), { created_at: '2026-11-23T09:00:00Z' })).toBe(
      Date.parse('2026-11-23T10:00:00Z'),
    )
    expect(activityAt(conv('a', null))).toBe(Date.parse('2026-11-01T00:00:00Z'))
  })

  it('orders by activity, newest first, ties by id', () => {
    const rows = [
      { id: 'b', activity: 1 },
      { id: 'c', activity: 3 },
      { id: 'a', activity: 1 },
    ]
    expect(byNewestActivity(rows).map((r) => r.id)).toEqual(['c', 'a', 'b'])
  })
})

describe('docs/decisions.md#D-thread-view: a thread in order with day separators', () => {
  it('sorts by instant and keeps the given order for equal times', () => {
    const m = [
      { id: '2', created_at: '2026-11-23T10:00:01+00:00' },
      { id: '1', created_at: '2026-11-23T10:00:00.500Z' },
      { id: '3a', created_at: '2026-11-23T10:00:02Z' },
      { id: '3b', created_at: '2026-11-23T10:00:02.000+00:00' },
    ]
    expect(inThreadOrder(m).map((x) => x.id)).toEqual(['1', '2', '3a', '3b'])
  })

  it('groups consecutive messages of one day under one separator', () => {
    const day = (iso: string) => iso.slice(0, 10)
    const m = [
      { id: 'a', created_at: '2026-11-21T23:00:00Z' },
      { id: 'b', created_at: '2026-11-22T08:00:00Z' },
      { id: 'c', created_at: '2026-11-22T09:00:00Z' },
      { id: 'd', created_at: '2026-11-23T09:00:00Z' },
    ]
    expect(groupByDay(m, day).map((g) => [g.day, g.messages.map((x) => x.id)])).toEqual([
      ['2026-11-21', ['a']],
      ['2026-11-22', ['b', 'c']],
      ['2026-11-23', ['d']],
    ])
    expect(groupByDay([], day)).toEqual([])
  })

  it('labels today, yesterday and older days', () => {
    const now = new Date(2026, 10, 23, 12, 0)
    expect(dayLabel(localDayKey(new Date(2026, 10, 23, 0, 5).toISOString()), now)).toBe('today')
    expect(dayLabel(localDayKey(new Date(2026, 10, 22, 23, 55).toISOString()), now)).toBe('yesterday')
    expect(dayLabel(localDayKey(new Date(2026, 10, 21, 12, 0).toISOString()), now)).toBe('date')
  })
})

describe('docs/product.md §7.2 inbox previews: relative time', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')
  it.each([
    ['2026-11-23T11:59:30Z', 'messages.time.now'],
    ['2026-11-23T12:00:30Z', 'messages.time.now'], // a little clock skew is "now", never negative
    ['2026-11-23T11:55:00Z', { key: 'messages.time.minutes', params: { n: 5 } }],
    ['2026-11-23T09:00:00Z', { key: 'messages.time.hours', params: { n: 3 } }],
    ['2026-11-21T11:00:00Z', { key: 'messages.time.days', params: { n: 2 } }],
    ['2026-11-10T11:00:00Z', null],
    ['not a time', null],
  ])('%s → %j', (iso, expected) => {
    expect(relativeTime(iso, now)).toEqual(expected)
  })
})

describe('docs/product.md §4/§8 live toast: which arrivals deserve it', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')
  const msg = (conversation_id: string, id: string, sender_id = 'other', created_at = '2026-11-23T11:59:59Z') => ({
    conversation_id,
    id,
    sender_id,
    content: `text ${id}`,
    created_at,
  })
  const seen = new Map([
    ['c1', 'm1'],
    ['c2', 'm2'],
  ])

  it('the first look only remembers — except what was written after the page opened (it arrived while it started)', () => {
    expect(liveArrivals(null, [msg('c1', 'm9')], 'me', null, now)).toEqual([])
    const opened = Date.parse('2026-11-23T11:59:58Z')
    const latest = [
      msg('c1', 'm9'),
      msg('c2', 'm8', 'other', '2026-11-23T11:59:57Z'),
      msg('c3', 'm7', 'me'),
      msg('c4', 'm6'),
    ]
    expect(liveArrivals(null, latest, 'me', 'c4', now, new Map(), opened).map((m) => m.id)).toEqual(['m9'])
    expect(
      liveArrivals(null, latest, 'me', null, now, new Map([['c1', '2026-11-23T11:59:59Z']]), opened).map((m) => m.id),
    ).toEqual(['m6'])
  })

  it('a new newest message from someone else in a closed thread, or in a new conversation, is toasted', () => {
    expect(
      liveArrivals(seen, [msg('c1', 'm3'), msg('c2', 'm2'), msg('c3', 'm4')], 'me', null, now).map((m) => m.id),
    ).toEqual(['m3', 'm4'])
  })

  it('not my own messages, not the open thread, not old messages a first sync brings', () => {
    const old = new Date(now - LIVE_ARRIVAL_WINDOW_MS - 1).toISOString()
    expect(liveArrivals(seen, [msg('c1', 'm3', 'me')], 'me', null, now)).toEqual([])
    expect(liveArrivals(seen, [msg('c1', 'm3')], 'me', 'c1', now)).toEqual([])
    expect(liveArrivals(seen, [msg('c3', 'm5', 'other', old)], 'me', null, now)).toEqual([])
  })

  it('not a message already read on another device (a first sync brings it with the read mark)', () => {
    const marks = new Map([
      ['c1', '2026-11-23T11:59:59.000000Z'],
      ['c2', '2026-11-23T11:00:00Z'],
    ])
    expect(liveArrivals(seen, [msg('c1', 'm3'), msg('c2', 'm4')], 'me', null, now, marks).map((m) => m.id)).toEqual([
      'm4',
    ])
  })
})

describe('docs/product.md §7.2 inbox previews: relative time at its boundaries', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')
  const before = (ms: number) => new Date(now - ms).toISOString()
  it.each([
    [59_999, 'messages.time.now'],
    [60_000, { key: 'messages.time.minutes', params: { n: 1 } }],
    [3_600_000 - 1, { key: 'messages.time.minutes', params: { n: 59 } }],
    [3_600_000, { key: 'messages.time.hours', params: { n: 1 } }],
    [86_400_000 - 1, { key: 'messages.time.hours', params: { n: 23 } }],
    [86_400_000, { key: 'messages.time.days', params: { n: 1 } }],
    [7 * 86_400_000 - 1, { key: 'messages.time.days', params: { n: 6 } }],
    [7 * 86_400_000, null],
  ])('%i ms ago → %j', (ms, expected) => {
    expect(relativeTime(before(ms), now)).toEqual(expected)
  })
})

describe('docs/decisions.md#D-thread-view: day separators use the calendar day of this device', () => {
  it.each([
    [new Date(2026, 0, 5, 12, 0), '2026-01-05'],
    [new Date(2026, 11, 31, 23, 59), '2026-12-31'],
    [new Date(2026, 8, 9, 0, 1), '2026-09-09'],
  ])('%s → %s', (d, key) => {
    expect(localDayKey(d.toISOString())).toBe(key)
  })

  it('an unreadable time has no day', () => {
    expect(localDayKey('not a time')).toBe('')
  })

  it('equal times keep the order given, however many there are', () => {
    const t = '2026-11-23T10:00:00Z'
    const m = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ id, created_at: t }))
    expect(inThreadOrder(m).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'])
    expect(inThreadOrder([...m].reverse()).map((x) => x.id)).toEqual(['g', 'f', 'e', 'd', 'c', 'b', 'a'])
  })
})

describe('docs/product.md §7.2 inbox: equal activity is ordered by id, whatever the input order', () => {
  it.each([[['d', 'c', 'b', 'a', 'e']], [['a', 'b', 'c', 'd', 'e']], [['c', 'e', 'a', 'd', 'b']]])(
    '%j → a..e',
    (ids) => {
      expect(byNewestActivity(ids.map((id) => ({ id, activity: 7 }))).map((r) => r.id)).toEqual([
        'a',
        'b',
        'c',
        'd',
        'e',
      ])
    },
  )
})

describe('docs/product.md §4/§8 live toast: the arrival window is inclusive', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')
  it.each([
    [LIVE_ARRIVAL_WINDOW_MS, ['m']],
    [LIVE_ARRIVAL_WINDOW_MS + 1, []],
  ])('a message %i ms old → %j', (age, expected) => {
    const m = {
      conversation_id: 'c',
      id: 'm',
      sender_id: 'other',
      content: 'hi',
      created_at: new Date(now - age).toISOString(),
    }
    expect(liveArrivals(new Map(), [m], 'me', null, now).map((x) => x.id)).toEqual(expected)
  })
})
