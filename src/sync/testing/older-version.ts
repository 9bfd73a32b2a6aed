/**
 * Writes as an app version before the local listing check queued them. A listing the server refuses no longer
 * reaches the outbox (domain/listing-fields.ts `checkListingWrite` at the local write), but entries queued by
 * older versions still wait on devices and drain as before: the tests of permanent refusals (P9, the fault suite's
 * poison listings) start from such an entry.
 */
import type { KreisDatabase } from '@/db/database'
import type { ListingWrite } from '@/db/rows'
import { saveListing, type SaveListingInput } from '../kinds/listing-save'

/** `saveListing`, with `patch` (values the check would refuse) put on the row and its queued edits, in one transaction. */
export async function saveListingAsOlderVersion(
  db: KreisDatabase,
  userId: string,
  input: SaveListingInput,
  now: number,
  patch: { readonly [K in keyof ListingWrite]?: unknown },
): Promise<string> {
  return db.transaction(
    'rw',
    [db.listings, db.listing_images, db.photo_blobs, db.outbox, db.my_profile, db.profiles, db.meta],
    async () => {
      const id = await saveListing(db, userId, input, now)
      await db.listings.update(id, patch as Partial<ListingWrite>)
      await db.outbox
        .where('group')
        .equals(`listing:${id}`)
        .modify((e) => {
          if (e.op.kind === 'listing.upsert') e.op = { ...e.op, listing: { ...e.op.listing, ...patch } as ListingWrite }
        })
      return id
    },
  )
}
