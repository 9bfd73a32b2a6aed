/** The card fields a listing row carries (rows.ts CardFields), from its first image and its seller. */
import type { ListingImageRecord, PublicProfileRecord } from './records'
import type { CardFields, MyProfileRow, ProfileRow } from './rows'

export type SellerName = Pick<PublicProfileRecord, 'first_name' | 'last_name'>

/**
 * The name this device knows best for a seller: the user's own profile row (pulled on its own stream, or edited
 * here and not yet sent) when it is unsent or at least as new as the public profile row, else the public one.
 */
export function freshestSellerName(
  mine: MyProfileRow | undefined,
  pub: ProfileRow | undefined,
): SellerName | undefined {
  if (!mine) return pub
  if (!pub || mine.sync_state !== 'synced' || mine.updated_at >= pub.updated_at) return mine
  return pub
}

export function cardFields(coverImageUrl: string | null, seller: SellerName | undefined): CardFields {
  return {
    cover_image_url: coverImageUrl,
    seller_first_name: seller?.first_name ?? null,
    seller_last_name: seller?.last_name ?? null,
  }
}

/** The card fields a row already carries (kept when a newer version of the listing itself arrives). */
export function cardOf({ cover_image_url, seller_first_name, seller_last_name }: CardFields): CardFields {
  return { cover_image_url, seller_first_name, seller_last_name }
}

/** The image_url of each listing's lowest-ordered image. */
export function coversByListing(
  images: readonly Pick<ListingImageRecord, 'listing_id' | 'image_url' | 'image_order'>[],
): Map<string, string> {
  const best = new Map<string, { order: number; url: string }>()
  for (const img of images) {
    const seen = best.get(img.listing_id)
    if (!seen || img.image_order < seen.order) best.set(img.listing_id, { order: img.image_order, url: img.image_url })
  }
  return new Map([...best].map(([id, b]) => [id, b.url]))
}
