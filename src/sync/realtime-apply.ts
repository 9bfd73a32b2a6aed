/** Realtime rows go into the mirror under the same rule as pulled rows (realtime is a poke, not the truth). */
import type { KreisDatabase } from '@/db/database'
import { applyConversations, applyListingBundle, applyMessages } from '@/db/repositories/mirror'
import type { RealtimeChange } from './protocol'

/** What else a realtime change needs: nothing, a pull, or a pull that also drops vanished listings. */
export type FollowUp = 'none' | 'pull' | 'reconcile'

export async function applyRealtimeChange(db: KreisDatabase, change: RealtimeChange): Promise<FollowUp> {
  switch (change.table) {
    case 'listings': {
      if (change.deletedId !== undefined) return 'reconcile'
      const known = await db.listings.get(change.row.id)
      if (!known) return 'pull' // a new listing: its images and seller come with a pull
      await db.transaction('rw', [db.listings, db.listing_images, db.profiles], async () => {
        const images = await db.listing_images.where('listing_id').equals(change.row.id).toArray()
        await applyListingBundle(db, { listings: [change.row], images, sellers: [] })
      })
      return 'none'
    }
    case 'listing_images':
      return 'pull'
    case 'conversations':
      await applyConversations(db, [change.row])
      return 'none'
    case 'messages':
      await applyMessages(db, [change.row])
      return 'none'
  }
}
