import { describe, expect, it } from 'vitest'
import { groupMyListings, myListingGroup, type MyListingLike } from './my-listings'

const l = (
  id: string,
  status: MyListingLike['status'],
  sync_state: MyListingLike['sync_state'],
  edited_at = '2026-11-01T00:00:00Z',
) => ({ id, status, sync_state, edited_at })

describe('myListingGroup', () => {
  it.each([
    [l('a', 'active', 'synced'), 'active'],
    [l('a', 'sold', 'synced'), 'sold'],
    [l('a', 'active', 'pending'), 'pending'], // published offline, or an edit not yet sent
    [l('a', 'sold', 'pending'), 'pending'], // marked sold offline
    [l('a', 'active', 'failed'), 'failed'],
    [l('a', 'sold', 'failed'), 'failed'],
  ] as const)('%o → %s', (row, group) => {
    expect(myListingGroup(row)).toBe(group)
  })
})

describe('groupMyListings', () => {
  it('lists only non-empty groups, failed first, then waiting, active, sold; newest edit first in each', () => {
    const rows = [
      l('sold-old', 'sold', 'synced', '2026-10-01T00:00:00Z'),
      l('act-old', 'active', 'synced', '2026-10-02T00:00:00Z'),
      l('act-new', 'active', 'synced', '2026-11-02T00:00:00Z'),
      l('fail', 'active', 'failed'),
    ]
    expect(groupMyListings(rows).map((g) => [g.group, g.rows.map((r) => r.id)])).toEqual([
      ['failed', ['fail']],
      ['active', ['act-new', 'act-old']],
      ['sold', ['sold-old']],
    ])
  })

  it('is empty for no listings', () => {
    expect(groupMyListings([])).toEqual([])
  })
})
