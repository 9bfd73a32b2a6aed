/** Listings with their images and sellers embedded, as the mirror stores them (one request per page). */
import type { ListingImageRecord } from '@/db/records'
import type { ListingBundle } from '@/db/repositories/mirror'
import type { Result } from '@/sync/protocol'
import { PUBLIC_PROFILE_COLUMNS, toImage, toListing, toPublicProfile } from '../rows'
import { ok, run, type PgResult, type Row } from './query'

/** A listing row with its images and its seller's public profile, in one request (see bundleOf). */
export const LISTING_BUNDLE_SELECT = `*, listing_images(*), profiles(${PUBLIC_PROFILE_COLUMNS})`
/** Listings per embedded request: 100 × (1 + up to 10 photos + 1 seller) rows stays well under the work cap. */
export const EMBEDDED_LISTINGS_PER_REQUEST = 100

const byImageOrder = (a: ListingImageRecord, b: ListingImageRecord) =>
  a.image_order - b.image_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** Rows of `LISTING_BUNDLE_SELECT` → the mirror's bundle: the embedded keys never reach a listing record. */
export function bundleOf(rows: readonly Row[]): ListingBundle {
  const bundle: ListingBundle = { listings: [], images: [], sellers: [] }
  const sellers = new Set<string>()
  for (const { listing_images, profiles, ...row } of rows) {
    bundle.listings.push(toListing(row))
    if (Array.isArray(listing_images)) bundle.images.push(...(listing_images as Row[]).map(toImage).sort(byImageOrder))
    const seller = profiles as Row | null | undefined
    if (seller && typeof seller.id === 'string' && !sellers.has(seller.id)) {
      sellers.add(seller.id)
      bundle.sellers.push(toPublicProfile(seller))
    }
  }
  return bundle
}

/**
 * Listings with their images and sellers embedded (one PostgREST request per page instead of a listings
 * request followed by images and profiles requests, one round trip after the other: a cold visit's first cards
 * waited on the whole chain, LCP).
 */
export async function embeddedListings(q: PromiseLike<PgResult<Row[]>>): Promise<Result<ListingBundle>> {
  const r = await run<Row[]>(q)
  return r.ok ? ok(bundleOf(r.value)) : r
}
