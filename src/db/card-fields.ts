/** The card fields a listing row carries (rows.ts CardFields), from its first image and its seller. */
import type { ListingImageRecord, PublicProfileRecord } from './records'
import type { CardFields } from './rows'

type SellerName = Pick<PublicProfileRecord, 'first_name' | 'last_name'>

export function cardFields(coverImageUrl: string | null, seller: SellerName | undefined): CardFields {
  return { cover_image_url: coverImageUrl, seller_first_name: seller?.first_name ?? null, seller_last_name: seller?.last_name ?? null }
}

/** The image_url of each listing's lowest-ordered image. */
export function coversByListing(images: readonly Pick<ListingImageRecord, 'listing_id' | 'image_url' | 'image_order'>[]): Map<string, string> {
  const best = new Map<string, { order: number; url: string }>()
  for (const img of images) {
    const seen = best.get(img.listing_id)
    if (!seen || img.image_order < seen.order) best.set(img.listing_id, { order: img.image_order, url: img.image_url })
  }
  return new Map([...best].map(([id, b]) => [id, b.url]))
}
