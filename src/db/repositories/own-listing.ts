/**
 * One of the signed-in user's listings as the sell flow shows it (success page, edit): the row with its sync
 * state, its images in order, and the device copies of photos not yet on the server (their upload progress).
 */
import type { KreisDatabase } from '../database'
import type { ListingImageRow, ListingRow } from '../rows'

export interface DevicePhoto {
  blob: Blob
  uploaded: boolean
}

export interface OwnListing {
  listing: ListingRow
  images: ListingImageRow[]
  /** By image id: the compressed photo still held on the device (absent once the server has the listing). */
  devicePhotos: Map<string, DevicePhoto>
}

export async function ownListing(db: KreisDatabase, listingId: string): Promise<OwnListing | null> {
  const listing = await db.listings.get(listingId)
  if (!listing) return null
  const images = await db.listing_images
    .where('[listing_id+image_order]')
    .between([listingId, -Infinity], [listingId, Infinity])
    .toArray()
  const blobs = await db.photo_blobs.where('listing_id').equals(listingId).toArray()
  const ids = new Set(images.map((i) => i.id))
  const devicePhotos = new Map(
    blobs.filter((b) => ids.has(b.id)).map((b) => [b.id, { blob: b.blob, uploaded: b.uploaded }]),
  )
  return { listing, images, devicePhotos }
}
