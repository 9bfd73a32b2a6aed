// How a listing is shown (docs/product.md §3 UI listing model, display name; §4 listing status; §2.11; §7.2 feed images).
import {
  CURRENCY,
  DEFAULT_SELLER_RATING,
  HOME_GRID_MAX,
  NEW_BADGE_MAX_AGE_MS,
  PRICE_DECIMALS,
  STORAGE_BUCKET,
  VERIFIED_SELLER_SHARE,
} from './constants'
import type { StoredListing } from './listing-fields'

export interface ImageRow {
  readonly listing_id: string
  readonly image_url: string
  readonly image_order: number
}

export interface NameParts {
  readonly first_name?: string | null
  readonly last_name?: string | null
}

/** "CHF 45.00": the currency, a space, two decimals, no grouping. A price that is not a number shows as 0. */
export function formatPrice(price: number | string): string {
  const n = Number(price)
  return `${CURRENCY} ${(Number.isFinite(n) ? n : 0).toFixed(PRICE_DECIMALS)}`
}

export const priceNumber = (price: number | string): number => {
  const n = Number(price)
  return Number.isFinite(n) ? n : 0
}

/** First and last name joined; null when both are blank (the screens show "Anonymous" or "User", see src/i18n). */
export function joinName(p: NameParts | null | undefined): string | null {
  const name = [p?.first_name, p?.last_name]
    .map((s) => s?.trim() ?? '')
    .filter((s) => s !== '')
    .join(' ')
  return name === '' ? null : name
}

/** The location to show, or null when there is none (the screens fall back to "Switzerland"). */
export const listingLocation = (location: string | null | undefined): string | null => location?.trim() || null

/** "New" badge: created less than 7 days ago and not sold. */
export function isNew(createdAt: string, sold: boolean, now: Date): boolean {
  const created = Date.parse(createdAt)
  return !sold && Number.isFinite(created) && now.getTime() - created < NEW_BADGE_MAX_AGE_MS
}

/**
 * image_url is a storage path in bucket listing-images, or a full http(s) URL used as is. The public URL is
 * built exactly as supabase-js getPublicUrl builds it, so both agree on the cache key.
 */
export function resolveImageUrl(imageUrl: string, supabaseUrl: string): string {
  if (/^https?:\/\//i.test(imageUrl)) return imageUrl
  const base = supabaseUrl.replace(/\/+$/, '')
  return encodeURI(`${base}/storage/v1/object/public/${STORAGE_BUCKET}/${imageUrl.replace(/^\/+/, '')}`)
}

/** The first image of each listing (lowest image_order), resolved to a URL. */
export function firstImageUrls(images: readonly ImageRow[], supabaseUrl: string): Map<string, string> {
  const first = new Map<string, ImageRow>()
  for (const img of images) {
    const seen = first.get(img.listing_id)
    if (!seen || img.image_order < seen.image_order) first.set(img.listing_id, img)
  }
  return new Map([...first].map(([id, img]) => [id, resolveImageUrl(img.image_url, supabaseUrl)]))
}

/**
 * The "Verified" badge is a placeholder the spec assigns at random to about 30 % of sellers. We derive it from
 * the seller id (FNV-1a hash) so a seller keeps the same badge on every render, card and device.
 */
export function isVerifiedSeller(sellerId: string): boolean {
  let hash = 0x811c9dc5
  for (let i = 0; i < sellerId.length; i++) {
    hash ^= sellerId.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash % 100 < VERIFIED_SELLER_SHARE * 100
}

/** The UI listing model (docs/product.md §3). imageUrl null → the screen shows its placeholder; name null → "Anonymous". */
export interface ListingCard {
  readonly id: string
  readonly title: string
  readonly price: number
  readonly location: string | null
  readonly imageUrl: string | null
  readonly isLiked: boolean
  readonly seller: {
    readonly id: string
    readonly name: string | null
    readonly rating: number
    readonly avatarUrl: string | null
    readonly isVerified: boolean
  }
  readonly category: string
  readonly condition: string
  readonly description: string
  readonly brand: string | null
  readonly size: string | null
  readonly tags: readonly string[]
  readonly isSold: boolean
  readonly isNew: boolean
}

export function toListingCard(
  row: StoredListing,
  ctx: { now: Date; imageUrl?: string | null; seller?: NameParts | null },
): ListingCard {
  const isSold = row.status === 'sold'
  return {
    id: row.id,
    title: row.title,
    price: priceNumber(row.price),
    location: listingLocation(row.location),
    imageUrl: ctx.imageUrl ?? null,
    isLiked: false, // favourites are a toast-only toggle (docs/product.md §2.8): nothing is loaded
    seller: {
      id: row.user_id,
      name: joinName(ctx.seller),
      rating: DEFAULT_SELLER_RATING,
      avatarUrl: null,
      isVerified: isVerifiedSeller(row.user_id),
    },
    category: row.category,
    condition: row.condition,
    description: row.description?.trim() ?? '',
    brand: row.brand,
    size: row.size,
    tags: row.tags ?? [],
    isSold,
    isNew: isNew(row.created_at, isSold, ctx.now),
  }
}

export type HomeCard = Pick<ListingCard, 'id' | 'title' | 'imageUrl' | 'brand' | 'size' | 'price' | 'isNew' | 'isSold'>

/** The landing grid: at most 8 unsold listings, in the order given (the feed's newest first). */
export const homeGrid = <T extends { readonly isSold: boolean }>(
  cards: readonly T[],
  max: number = HOME_GRID_MAX,
): T[] => cards.filter((c) => !c.isSold).slice(0, max)

/** The feed and the item page show active listings only (docs/product.md §4 listing status). */
export const isShownPublicly = (row: Pick<StoredListing, 'status'>): boolean => row.status === 'active'
