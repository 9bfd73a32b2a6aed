/**
 * An own listing deleted with its files (O1, L2): the server removes the files the device knew of and those of its
 * image rows, then the row (a tombstone keeps it deleted). Once acknowledged, nothing of it stays on the device.
 */
import Dexie from 'dexie'
import type { KreisDatabase } from '@/db/database'
import type { OutboxGroup } from '@/db/rows'
import { requestPersistenceOnce } from '@/db/storage-errors'
import { entry } from './enqueue'
import { defineKind, last, leftInGroup, opOf } from './kind'

const isStoragePath = (url: string): boolean => url !== '' && !/^https?:\/\//i.test(url)

/**
 * Deletes an own listing: gone from the device at once (with its photos, unsent edits, conversations and their
 * unsent messages), and queued for the server, which deletes the row, its image rows and its files. Favourites of
 * it stay (the favourites page shows it as no longer available).
 */
export async function deleteListing(db: KreisDatabase, listingId: string, now: number): Promise<void> {
  const group: OutboxGroup = `listing:${listingId}`
  const tables = [db.listings, db.listing_images, db.photo_blobs, db.outbox, db.conversations, db.messages]
  await db.transaction('rw', tables, async () => {
    const images = await db.listing_images.where('listing_id').equals(listingId).toArray()
    const blobs = await db.photo_blobs.where('listing_id').equals(listingId).toArray()
    const queued = await db.outbox.where('group').equals(group).toArray()
    const paths = new Set([...images.map((i) => i.image_url), ...blobs.map((b) => b.path)])
    for (const e of queued) {
      if (e.op.kind === 'photo.upload') paths.add(e.op.path)
      if (e.op.kind === 'images.replace') for (const i of e.op.images) paths.add(i.image_url)
      if (e.op.kind === 'listing.delete') for (const p of e.op.paths) paths.add(p)
    }
    await db.outbox.where('group').equals(group).delete()
    await db.photo_blobs.where('listing_id').equals(listingId).delete()
    await db.listing_images.bulkDelete(images.map((i) => i.id))
    await db.listings.delete(listingId)
    // The server deletes the listing's conversations and messages with it (foreign keys on delete cascade).
    const conversations = await db.conversations
      .where('[listing_id+buyer_id]')
      .between([listingId, Dexie.minKey], [listingId, Dexie.maxKey])
      .primaryKeys()
    for (const id of conversations) await db.outbox.where('group').anyOf(`conversation:${id}`, `read:${id}`).delete()
    await db.conversations.bulkDelete(conversations)
    await db.messages.where('listing_id').equals(listingId).delete()
    await db.outbox.add(
      entry(
        group,
        { kind: 'listing.delete', listing_id: listingId, paths: [...paths].filter(isStoragePath).sort() },
        now,
      ),
    )
  })
  void requestPersistenceOnce()
}

export const listingDelete = defineKind<void>({
  kinds: ['listing.delete'],
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
