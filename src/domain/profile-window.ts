/**
 * Which public profiles the device keeps: those its window needs, never one per account of the marketplace.
 *
 * A profile is needed when it is the seller of a listing the device holds (the card shows the name), a counterpart
 * of a conversation the device holds (the inbox shows the name), or the user's own. Every other profile held is
 * evicted, at the end of the pull that evicted the listings or conversations that needed it.
 */

/** What the rule reads of the device: the sellers of its listings, its conversations' two sides, the user. */
export interface ProfileNeeds {
  sellers: Iterable<string>
  conversations: Iterable<{ buyer_id: string; seller_id: string }>
  /** The signed-in user (undefined for a visitor). */
  owner?: string | undefined
}

/** The ids of the profiles the device needs. */
export function neededProfiles(needs: ProfileNeeds): Set<string> {
  const out = new Set(needs.sellers)
  for (const c of needs.conversations) {
    out.add(c.buyer_id)
    out.add(c.seller_id)
  }
  if (needs.owner !== undefined) out.add(needs.owner)
  return out
}

/** The held profiles to evict: those not needed. */
export function profileEvictions(held: Iterable<string>, needs: ProfileNeeds): string[] {
  const needed = neededProfiles(needs)
  return [...held].filter((id) => !needed.has(id))
}

/** The needed profiles the device lacks (to fetch by id: they may have entered without changing). */
export function missingProfiles(held: Iterable<string>, needs: ProfileNeeds): string[] {
  const have = new Set(held)
  return [...neededProfiles(needs)].filter((id) => !have.has(id)).sort()
}
