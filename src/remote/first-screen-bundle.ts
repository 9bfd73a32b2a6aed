/**
 * The first screen's rows (first-screen-request.ts: `FIRST_SCREEN_SELECT`, listings with embedded images and
 * seller) → the mirror's bundle. The same mapping as the transport's bundleOf, here so that storing the first
 * screen does not load the transport's module before the screen shows (first-screen-bundle.test.ts keeps the two
 * equal).
 */
import type { ListingImageRecord } from '@/db/records'
import type { ListingBundle } from '@/db/repositories/mirror'
import { toImage, toListing, toPublicProfile } from './rows'

type Row = Record<string, unknown>

const byImageOrder = (a: ListingImageRecord, b: ListingImageRecord) =>
  a.image_order - b.image_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

export function firstScreenBundle(rows: readonly unknown[]): ListingBundle {
  const bundle: ListingBundle = { listings: [], images: [], sellers: [] }
  const sellers = new Set<string>()
  for (const r of rows) {
    if (!r || typeof r !== 'object') continue
    const { listing_images, profiles, ...row } = r as Row
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
