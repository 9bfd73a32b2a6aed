/**
 * The adapter of the old pulls by time, (updated_at, id) order: they serve only the one pull that moves a device's
 * stored time cursor over to pulls by transaction (R1), and go when no device holds such a cursor.
 */
import type { ConversationRecord, Cursor, MessageRecord, PublicProfileRecord } from '@/db/records'
import type { ListingBundle } from '@/db/repositories/mirror'
import type { Result, TimePullsSlice } from '@/sync/protocol'
import { PUBLIC_PROFILE_COLUMNS, toConversation, toMessage, toPublicProfile } from '../rows'
import { embeddedListings, EMBEDDED_LISTINGS_PER_REQUEST, LISTING_BUNDLE_SELECT } from './bundles'
import { ok, rows, type SupabaseContext } from './query'

/** Adds the keyset condition (updated_at, id) > cursor. An empty id means "from this time on" (the lookback). */
function afterCursor<Q extends { gte(c: string, v: string): Q; or(f: string): Q }>(q: Q, after: Cursor | null): Q {
  if (!after) return q
  if (after.id === '') return q.gte('updated_at', after.updated_at)
  return q.or(`updated_at.gt.${after.updated_at},and(updated_at.eq.${after.updated_at},id.gt.${after.id})`)
}

export const timePullsSlice = ({ client }: SupabaseContext): TimePullsSlice => ({
  async pullListings(after: Cursor | null, limit: number): Promise<Result<ListingBundle>> {
    // Sub-pages keep each request inside the stack's per-request work cap (rows visited across the embeds).
    const out: ListingBundle = { listings: [], images: [], sellers: [] }
    let cursor = after
    while (out.listings.length < limit) {
      const size = Math.min(EMBEDDED_LISTINGS_PER_REQUEST, limit - out.listings.length)
      const q = afterCursor(client.from('listings').select(LISTING_BUNDLE_SELECT), cursor)
        .order('updated_at')
        .order('id')
        .limit(size)
      const page = await embeddedListings(q)
      if (!page.ok) return page
      out.listings.push(...page.value.listings)
      out.images.push(...page.value.images)
      out.sellers.push(...page.value.sellers.filter((s) => !out.sellers.some((x) => x.id === s.id)))
      if (page.value.listings.length < size) break
      const lastRow = page.value.listings[page.value.listings.length - 1]!
      cursor = { updated_at: lastRow.updated_at, id: lastRow.id }
    }
    return ok(out)
  },

  pullConversations(after: Cursor | null, limit: number): Promise<Result<ConversationRecord[]>> {
    return rows(
      afterCursor(client.from('conversations').select('*'), after).order('updated_at').order('id').limit(limit),
      toConversation,
    )
  },

  pullProfiles(after: Cursor | null, limit: number): Promise<Result<PublicProfileRecord[]>> {
    return rows(
      afterCursor(client.from('profiles').select(PUBLIC_PROFILE_COLUMNS), after)
        .order('updated_at')
        .order('id')
        .limit(limit),
      toPublicProfile,
    )
  },

  pullMessages(after: Cursor | null, limit: number): Promise<Result<MessageRecord[]>> {
    return rows(
      afterCursor(client.from('messages').select('*'), after).order('updated_at').order('id').limit(limit),
      toMessage,
    )
  },
})
