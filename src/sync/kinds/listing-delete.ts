/**
 * An own listing deleted with its files (O1, L2): the server removes the files the device knew of and those of its
 * image rows, then the row (a tombstone keeps it deleted). Once acknowledged, nothing of it stays on the device.
 */
import { defineKind, last, leftInGroup, opOf } from './kind'

export const listingDelete = defineKind<void>({
  unit: 'last-state',
  batched: false,
  send({ transport }, [unit]) {
    const paths = new Set(unit!.flatMap((e) => opOf<'listing.delete'>(e).paths))
    return transport.deleteListing(opOf<'listing.delete'>(last(unit!)).listing_id, [...paths])
  },
  tables: (db) => [db.listings, db.listing_images, db.photo_blobs],
  async acknowledge(db, [unit]) {
    // An edit acknowledged while the delete was queued may have put the row back: it is gone now.
    if (await leftInGroup(db, unit![0]!.group)) return
    const { listing_id } = opOf<'listing.delete'>(last(unit!))
    await db.listings.delete(listing_id)
    await db.listing_images.where('listing_id').equals(listing_id).delete()
    await db.photo_blobs.where('listing_id').equals(listing_id).delete()
  },
  refusal: async () => ({ code: 'write_failed' }),
})
