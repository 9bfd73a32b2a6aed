/**
 * Realistic mirror rows for the in-browser benches: listings in the server's record shape (src/db/records.ts),
 * each with its first image, spread over sellers, categories, cities, sizes, conditions, prices and 90 days of
 * creation times. A seeded PRNG keeps every run on the same data.
 */
import type { ListingImageRecord, ListingRecord, PublicProfileRecord } from '../../src/db/records'

export const BENCH_CATEGORIES = ['women', 'men', 'children', 'shoes', 'accessories'] as const
export const BENCH_CONDITIONS = ['new_with_tags', 'very_good', 'worn_but_loved', 'acceptable'] as const
/** The filter panel's cities (src/domain/categories.ts FILTER_LOCATIONS). */
export const BENCH_CITIES = [
  'Zurich',
  'Basel',
  'Bern',
  'Lausanne',
  'Geneva',
  'Winterthur',
  'Lucerne',
  'St. Gallen',
] as const
const CLOTHES_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const
const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44'] as const
const BRANDS = [
  'COS',
  'Zara',
  'Mammut',
  'Patagonia',
  'Acne Studios',
  'Levi’s',
  'Freitag',
  'On',
  'Uniqlo',
  'Arket',
  null,
] as const
const FABRICS = ['cotton', 'wool', 'linen', 'silk', 'denim', 'leather', 'polyester', null] as const
const ADJECTIVES = ['Vintage', 'Classic', 'Soft', 'Oversized', 'Fitted', 'Light', 'Warm', 'Striped', 'Black', 'Navy']
const NOUNS = ['coat', 'sweater', 'dress', 'jacket', 'jeans', 'shirt', 'boots', 'sneakers', 'scarf', 'bag']

export const SELLERS = 300
/** Share of listings already sold (shown only when the feed includes sold items). */
const SOLD_SHARE = 0.1
const SPAN_MS = 90 * 24 * 60 * 60 * 1000
const NOW_MS = Date.UTC(2026, 10, 22, 5, 0, 0)

/** mulberry32: small, fast, seeded. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!

/** A v4-shaped UUID whose last block is `n` in the given namespace block. */
export const fixtureUuid = (namespace: number, n: number): string =>
  `00000000-${namespace.toString(16).padStart(4, '0')}-4000-8000-${n.toString(16).padStart(12, '0')}`

export interface ListingFixtures {
  listings: ListingRecord[]
  images: ListingImageRecord[]
  sellers: PublicProfileRecord[]
}

export function makeListingFixtures(count: number, seed = 1): ListingFixtures {
  const rand = prng(seed)
  const sellers: PublicProfileRecord[] = Array.from({ length: SELLERS }, (_, i) => ({
    id: fixtureUuid(1, i + 1),
    first_name: pick(rand, ['Anna', 'Luca', 'Sophie', 'Noah', 'Mia', 'Lea', 'Elias', 'Nina']),
    last_name: pick(rand, ['Müller', 'Rossi', 'Martin', 'Keller', 'Weber', 'Meier', 'Schmid']),
    location: pick(rand, BENCH_CITIES),
    profile_picture_url: null,
    created_at: new Date(NOW_MS - SPAN_MS).toISOString(),
    updated_at: new Date(NOW_MS - SPAN_MS).toISOString(),
  }))
  const listings: ListingRecord[] = []
  const images: ListingImageRecord[] = []
  for (let i = 0; i < count; i++) {
    const id = fixtureUuid(2, i + 1)
    const category = pick(rand, BENCH_CATEGORIES)
    const created = new Date(NOW_MS - Math.floor(rand() * SPAN_MS)).toISOString()
    const title = `${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)} ${i}`
    listings.push({
      id,
      user_id: sellers[Math.floor(rand() * SELLERS)]!.id,
      title,
      description:
        `${title}. Worn a few times, kept in a smoke-free home. Happy to meet in person or ship with Post CH. `.repeat(
          2,
        ),
      // Second-hand prices cluster low: 5 to about 400 CHF, rounded to 50 centimes.
      price: Math.round((5 + 395 * rand() ** 2.5) * 2) / 2,
      condition: pick(rand, BENCH_CONDITIONS),
      category,
      product_type: pick(rand, NOUNS),
      brand: pick(rand, BRANDS),
      size: category === 'accessories' ? null : pick(rand, category === 'shoes' ? SHOE_SIZES : CLOTHES_SIZES),
      fabric: pick(rand, FABRICS),
      location: pick(rand, BENCH_CITIES),
      tags: rand() < 0.5 ? ['preloved', pick(rand, ['winter', 'summer', 'outdoor', 'office'])] : null,
      status: rand() < SOLD_SHARE ? 'sold' : 'active',
      created_at: created,
      updated_at: created,
      edited_at: created,
    })
    images.push({
      id: fixtureUuid(3, i + 1),
      listing_id: id,
      image_url: `${listings[i]!.user_id}/${id}/${fixtureUuid(3, i + 1)}.webp`,
      image_order: 1,
      created_at: created,
      updated_at: created,
    })
  }
  return { listings, images, sellers }
}
