/**
 * A listing photo's upload (W2, P1): to its deterministic path with upsert, so sending it again changes nothing.
 * It goes before the listing's save in the same group, and a save never takes a photo whose file is missing.
 */
import { listingFailure } from '@/domain/errors'
import { defineKind, opOf } from './kind'
import { isNewListing } from './listing-save'

export const photoUpload = defineKind<void>({
  kinds: ['photo.upload'],
  unit: 'alone',
  batched: false,
  async send({ db, transport }, [unit]) {
    const op = opOf<'photo.upload'>(unit![0]!)
    const blob = await db.photo_blobs.get(op.photo_id)
    // The photo was dropped from the listing (and its blob cleaned up) before it was sent: nothing to upload.
    if (!blob) return { ok: true, value: undefined }
    return transport.uploadPhoto(op.path, blob.blob, op.content_type)
  },
  tables: (db) => [db.photo_blobs],
  async acknowledge(db, [unit]) {
    await db.photo_blobs.update(opOf<'photo.upload'>(unit![0]!).photo_id, { uploaded: true })
  },
  // A photo that cannot be stored fails its listing: the listing would silently stay incomplete.
  refusal: async (db, unit) => listingFailure(await isNewListing(db, unit[0]!.group)),
})
