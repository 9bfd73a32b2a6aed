// "My listings" on the own profile (docs/decisions.md#D-my-listings): the seller's listings in groups by what they need — refused by
// the server (fix, retry or discard), waiting to be sent, live, sold — each group newest first.

export type MyListingGroup = 'failed' | 'pending' | 'active' | 'sold'

/** Display order: what needs the seller's attention first. */
export const MY_LISTING_GROUPS: readonly MyListingGroup[] = ['failed', 'pending', 'active', 'sold']

export interface MyListingLike {
  status: 'active' | 'sold'
  sync_state: 'synced' | 'pending' | 'failed'
  edited_at: string
}

/** A refusal wins over everything; then unsent changes; then the listing's own status. */
export function myListingGroup(l: MyListingLike): MyListingGroup {
  if (l.sync_state === 'failed') return 'failed'
  if (l.sync_state === 'pending') return 'pending'
  return l.status === 'sold' ? 'sold' : 'active'
}

/** The non-empty groups in display order, each newest edit first. */
export function groupMyListings<T extends MyListingLike>(rows: readonly T[]): { group: MyListingGroup; rows: T[] }[] {
  const by = new Map<MyListingGroup, T[]>()
  for (const r of rows) {
    const g = myListingGroup(r)
    by.set(g, [...(by.get(g) ?? []), r])
  }
  return MY_LISTING_GROUPS.filter((g) => by.has(g)).map((group) => ({
    group,
    rows: by.get(group)!.sort((a, b) => (a.edited_at < b.edited_at ? 1 : a.edited_at > b.edited_at ? -1 : 0)),
  }))
}
