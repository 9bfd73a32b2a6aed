/**
 * The screens' outbox operations in one home (rows.ts ScreenOp): favourites, deleting an own listing, the profile
 * picture and read marks. For each: the request it makes, and how its acknowledgement settles the mirror and the
 * outbox in one transaction. push.ts hands these kinds here.
 */
import type { KreisDatabase } from '@/db/database'
import type { ConversationRecord, MyProfileRecord } from '@/db/records'
import { applyConversations, storeMyProfile } from '@/db/repositories/mirror'
import type { OutboxEntry, OutboxOp, ScreenOp } from '@/db/rows'
import { profilePictureOwner } from './local-writes'
import type { Result, Transport } from './protocol'

export const SCREEN_KINDS = ['listing.delete', 'favourite.set', 'profile.picture', 'conversation.read'] as const satisfies readonly ScreenOp['kind'][]

const KINDS: ReadonlySet<string> = new Set(SCREEN_KINDS)

export const isScreenOp = (op: OutboxOp): op is ScreenOp => KINDS.has(op.kind)

const idOf = (group: OutboxEntry['group']): string => group.slice(group.indexOf(':') + 1)

/** The request of one unit (consecutive entries of one group and kind: the last one carries the state to reach). */
export async function sendScreenOp(transport: Transport, db: KreisDatabase, unit: readonly OutboxEntry[]): Promise<Result<unknown>> {
  const head = unit[0]!
  const op = unit[unit.length - 1]!.op as ScreenOp
  switch (op.kind) {
    case 'favourite.set':
      return transport.setFavorite(op.user_id, op.listing_id, op.favourite, op.created_at)
    case 'listing.delete': {
      const paths = new Set(unit.flatMap((e) => (e.op as typeof op).paths))
      return transport.deleteListing(op.listing_id, [...paths])
    }
    case 'profile.picture': {
      const photo = await db.photo_blobs.get(op.photo_id)
      if (photo && !photo.uploaded) {
        const up = await transport.uploadPhoto(op.path, photo.blob, op.content_type)
        if (!up.ok) return up
        await db.photo_blobs.update(op.photo_id, { uploaded: true })
      }
      // Without the blob (uploaded earlier and cleaned up) the path is already on the server.
      return transport.setProfilePicture(op.user_id, op.path, op.edited_at ?? new Date(unit[unit.length - 1]!.queued_at).toISOString())
    }
    case 'conversation.read':
      return transport.markConversationRead(idOf(head.group), op.read_at)
  }
}

/** Applies the server's answer to a unit and removes its entries, in one transaction. */
export async function acknowledgeScreenOp(db: KreisDatabase, unit: readonly OutboxEntry[], value: unknown): Promise<void> {
  const op = unit[unit.length - 1]!.op as ScreenOp
  const tables = [db.outbox, db.listings, db.listing_images, db.photo_blobs, db.conversations, db.messages, db.my_profile, db.profiles, db.favourites]
  await db.transaction('rw', tables, async () => {
    await db.outbox.bulkDelete(unit.map((e) => e.seq!))
    const rest = await db.outbox.where('group').equals(unit[0]!.group).count()
    switch (op.kind) {
      case 'favourite.set':
        return
      case 'listing.delete':
        // An edit acknowledged while the delete was queued may have put the row back: it is gone now.
        if (rest === 0) {
          await db.listings.delete(op.listing_id)
          await db.listing_images.where('listing_id').equals(op.listing_id).delete()
          await db.photo_blobs.where('listing_id').equals(op.listing_id).delete()
        }
        return
      case 'profile.picture': {
        await db.photo_blobs.bulkDelete(unit.map((e) => (e.op as typeof op).photo_id))
        if (rest === 0) {
          await db.photo_blobs.where('listing_id').equals(profilePictureOwner(op.user_id)).delete()
          await storeMyProfile(db, value as MyProfileRecord)
        }
        return
      }
      case 'conversation.read': {
        const row = value as ConversationRecord | null
        if (row) await applyConversations(db, [row])
        return
      }
    }
  })
}
