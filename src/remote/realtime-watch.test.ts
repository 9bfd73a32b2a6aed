import { describe, expect, it } from 'vitest'
import { listingWatchFilters, REALTIME_IN_FILTER_MAX, REALTIME_WATCH_BINDINGS } from './transport/realtime'

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`)

describe('the listings a device listens to (hosted limits: ≤ 100 values per in filter)', () => {
  it('a catalogue smaller than the window: every change, new listings and deletes', () => {
    expect(listingWatchFilters({ createdSince: null, ids: ids(3) })).toEqual([
      { event: 'INSERT', filter: 'status=eq.active' },
      { event: 'DELETE' },
      { event: 'UPDATE' },
    ])
  })

  it('the window since its oldest listing, and the kept older ones in filters of at most 100 ids', () => {
    const f = listingWatchFilters({ createdSince: '2026-11-27T10:00:00Z', ids: ids(250) })
    expect(f.slice(0, 3)).toEqual([
      { event: 'INSERT', filter: 'status=eq.active' },
      { event: 'DELETE' },
      { event: 'UPDATE', filter: 'created_at=gte.2026-11-27T10:00:00Z' },
    ])
    const ins = f.slice(3).map((x) => x.filter!.slice('id=in.('.length, -1).split(','))
    expect(ins.map((x) => x.length)).toEqual([100, 100, 50])
    expect(ins.flat()).toEqual(ids(250))
  })

  it('caps the bindings (the periodic pull follows the rest)', () => {
    const f = listingWatchFilters({ createdSince: '2026-11-27T10:00:00Z', ids: ids(2000) })
    expect(f).toHaveLength(3 + REALTIME_WATCH_BINDINGS)
    expect(
      f.every((x) => !x.filter?.startsWith('id=in.') || x.filter.split(',').length <= REALTIME_IN_FILTER_MAX),
    ).toBe(true)
  })
})
