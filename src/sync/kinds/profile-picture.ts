/**
 * A new profile picture (O1): the file is uploaded first (kept on the device until then), then set on the profile
 * as an edit with its edit time (last edit wins, as for profile edits); the answer is the winning profile.
 */
import type { KreisDatabase } from '@/db/database'
import { requestPersistenceOnce } from '@/db/storage-errors'
import { issueEditStamp } from '../edit-stamps'
import { entry, newId } from './enqueue'
import type { MyProfileRecord } from '@/db/records'
import { storeMyProfile } from '@/db/repositories/mirror'
import { defineKind, last, leftInGroup, opOf } from './kind'

/** Where a profile picture is stored in bucket listing-images (the user's own folder, as storage RLS requires). */
export function profilePicturePath(userId: string, photoId: string, contentType: string): string {
  const ext: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }
  return `${userId}/profile/${photoId}.${ext[contentType] ?? 'jpg'}`
}

/** The photo_blobs `listing_id` under which a user's unsent profile pictures wait. */
export const profilePictureOwner = (userId: string): string => `profile:${userId}`

/**
 * Sets the own profile picture: kept on the device until uploaded (image-url.ts shows it meanwhile), then
 * uploaded and set on the profile through the outbox. Returns the storage path now on the own profile row.
 */
export async function setProfilePicture(
  db: KreisDatabase,
  userId: string,
  blob: Blob,
  contentType: string,
  now: number,
): Promise<string> {
  const photoId = newId()
  const path = profilePicturePath(userId, photoId, contentType)
  await db.transaction('rw', [db.my_profile, db.photo_blobs, db.outbox, db.meta], async () => {
    const editedAt = await issueEditStamp(db, now)
    await db.photo_blobs.put({
      id: photoId,
      listing_id: profilePictureOwner(userId),
      blob,
      content_type: contentType,
      path,
      uploaded: false,
    })
    const row = await db.my_profile.get(userId)
    if (row)
      await db.my_profile.put({ ...row, profile_picture_url: path, sync_state: 'pending', sync_error: undefined })
    await db.outbox.add(
      entry(
        `profile:${userId}`,
        {
          kind: 'profile.picture',
          user_id: userId,
          photo_id: photoId,
          path,
          content_type: contentType,
          edited_at: editedAt,
        },
        now,
      ),
    )
  })
  void requestPersistenceOnce()
  return path
}

export const profilePicture = defineKind<MyProfileRecord>({
  kinds: ['profile.picture'],
  unit: 'last-state',
  batched: false,
  async send({ db, transport }, [unit]) {
    const latest = last(unit!)
    const op = opOf<'profile.picture'>(latest)
    const photo = await db.photo_blobs.get(op.photo_id)
    if (photo && !photo.uploaded) {
      const up = await transport.uploadPhoto(op.path, photo.blob, op.content_type)
      if (!up.ok) return up
      await db.photo_blobs.update(op.photo_id, { uploaded: true })
    }
    // Without the blob (uploaded earlier and cleaned up) the path is already on the server.
    return transport.setProfilePicture(op.user_id, op.path, op.edited_at ?? new Date(latest.queued_at).toISOString())
  },
  tables: (db) => [db.photo_blobs, db.my_profile, db.profiles, db.listings],
  async acknowledge(db, [unit], row) {
    await db.photo_blobs.bulkDelete(unit!.map((e) => opOf<'profile.picture'>(e).photo_id))
    if (await leftInGroup(db, unit![0]!.group)) return
    await db.photo_blobs
      .where('listing_id')
      .equals(profilePictureOwner(opOf<'profile.picture'>(last(unit!)).user_id))
      .delete()
    await storeMyProfile(db, row)
  },
  refusal: async () => ({ code: 'write_failed' }),
})
