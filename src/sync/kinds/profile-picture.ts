/**
 * A new profile picture (O1): the file is uploaded first (kept on the device until then), then set on the profile
 * as an edit with its edit time (last edit wins, as for profile edits); the answer is the winning profile.
 */
import type { MyProfileRecord } from '@/db/records'
import { storeMyProfile } from '@/db/repositories/mirror'
import { profilePictureOwner } from '../local-writes'
import { defineKind, last, leftInGroup, opOf } from './kind'

export const profilePicture = defineKind<MyProfileRecord>({
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
    await db.photo_blobs.where('listing_id').equals(profilePictureOwner(opOf<'profile.picture'>(last(unit!)).user_id)).delete()
    await storeMyProfile(db, row)
  },
  refusal: async () => ({ code: 'write_failed' }),
})
