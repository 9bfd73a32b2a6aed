/**
 * The demo world, built deterministically from one PRNG seed: listings across every category, city, size and
 * condition, with 2–5 photos each, a few sold ones, and conversations between the demo buyers and sellers.
 * Times are minutes before the moment of seeding, so the data looks fresh whenever a database is seeded.
 */
import {
  CATEGORIES,
  CITIES,
  CITY_CODES,
  COLOURS,
  CONDITION_PHRASES,
  CONDITIONS,
  CONVERSATION_SCRIPTS,
  DEMO_USERS,
  ITEM_KINDS,
  STORY_PHRASES,
  TAG_POOL,
  type Category,
  type Condition,
  type DemoUser,
} from './catalogue.ts'
import { BACKDROPS, PATTERNS, type IllustrationSpec } from './illustrations.ts'
import { Prng } from './prng.ts'

export const PRNG_SEED = 20261122
export const ACTIVE_LISTINGS = 48
export const SOLD_LISTINGS = 3
export const MIN_IMAGES = 2
export const MAX_IMAGES = 5
/** Listings this recent get the "New" badge (docs/product.md §9: under 7 days). */
const NEW_LISTINGS = 12
const MINUTES_PER_DAY = 24 * 60

export interface SeedImage {
  id: string
  order: number
  /** Storage path in the listing-images bucket: `{user_id}/{listing_id}/{image_id}.jpg`. */
  path: string
}

export interface SeedListing {
  id: string
  userId: string
  title: string
  description: string
  price: string
  condition: Condition
  category: Category
  productType: string
  brand: string
  size: string | null
  fabric: string
  location: string
  tags: string[]
  status: 'active' | 'sold'
  minutesAgo: number
  look: Omit<IllustrationSpec, 'brand' | 'size' | 'view'>
  images: SeedImage[]
}

export interface SeedMessage {
  id: string
  senderId: string
  receiverId: string
  content: string
  minutesAgo: number
}

export interface SeedConversation {
  id: string
  listingId: string
  buyerId: string
  sellerId: string
  minutesAgo: number
  messages: SeedMessage[]
}

export interface World {
  users: readonly DemoUser[]
  listings: SeedListing[]
  conversations: SeedConversation[]
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}

function priceFor(rng: Prng, [min, max]: readonly [number, number], condition: Condition): string {
  const discount = { new_with_tags: 1, very_good: 0.85, worn_but_loved: 0.65, acceptable: 0.5 }[condition]
  const raw = (min + rng.next() * (max - min)) * discount
  // Prices people actually ask: whole francs ending in 0 or 5, or .90.
  const price = rng.next() < 0.7 ? Math.max(5, Math.round(raw / 5) * 5) : Math.max(4, Math.floor(raw)) + 0.9
  return price.toFixed(2)
}

function buildListing(rng: Prng, index: number, seller: DemoUser, status: 'active' | 'sold'): SeedListing {
  // Round-robin over categories, cities and conditions so that every value is covered; the rest is random.
  const category = CATEGORIES[index % CATEGORIES.length]!
  const location = CITY_CODES[CITIES[index % CITIES.length]!]
  const condition = CONDITIONS[(index + Math.floor(index / CONDITIONS.length)) % CONDITIONS.length]!
  const kind = rng.pick(ITEM_KINDS.filter((k) => k.category === category))
  const noun = rng.pick(kind.nouns)
  const brand = rng.pick(kind.brands)
  const colour = rng.pick(COLOURS)
  const fabric = rng.pick(kind.fabrics)
  const size = rng.pick(kind.sizes)
  const id = rng.uuid()
  const maxAgeMinutes = Math.min(seller.ageDays - 1, 40) * MINUTES_PER_DAY
  const minutesAgo =
    index < NEW_LISTINGS ? rng.int(60, 6 * MINUTES_PER_DAY) : rng.int(7 * MINUTES_PER_DAY, maxAgeMinutes)
  const description = [
    `${capitalise(colour.name)} ${noun.toLowerCase()} by ${brand}, size ${size}, in ${fabric}.`,
    rng.pick(CONDITION_PHRASES[condition]),
    ...rng.sample(STORY_PHRASES, 2),
  ].join(' ')
  const imageCount = rng.int(MIN_IMAGES, MAX_IMAGES)
  const images = Array.from({ length: imageCount }, (_, i): SeedImage => {
    const imageId = rng.uuid()
    return { id: imageId, order: i + 1, path: `${seller.id}/${id}/${imageId}.jpg` }
  })
  return {
    id,
    userId: seller.id,
    title: `${brand} ${colour.name} ${noun.toLowerCase()}`,
    description,
    price: priceFor(rng, kind.price, condition),
    condition,
    category,
    productType: kind.productType,
    brand,
    size,
    fabric,
    location,
    tags: [...rng.sample(TAG_POOL, rng.int(1, 3)), fabric],
    status,
    minutesAgo,
    look: {
      silhouette: kind.silhouette,
      colour: colour.hex,
      pattern: rng.pick(PATTERNS),
      backdrop: rng.pick(BACKDROPS),
    },
    images,
  }
}

export function buildWorld(seed = PRNG_SEED): World {
  const rng = new Prng(seed)
  const sellers = DEMO_USERS.filter((u) => u.role === 'seller')
  const listings: SeedListing[] = []
  for (let i = 0; i < ACTIVE_LISTINGS + SOLD_LISTINGS; i++) {
    const status = i >= ACTIVE_LISTINGS ? 'sold' : 'active'
    listings.push(buildListing(rng, i, sellers[i % sellers.length]!, status))
  }

  const conversations = CONVERSATION_SCRIPTS.map((script, k): SeedConversation => {
    const buyer = DEMO_USERS[script.buyer]!
    const seller = DEMO_USERS[script.seller]!
    const wanted = script.onSold ? 'sold' : 'active'
    // The seller's oldest matching listings, one per conversation, so that a conversation never predates it.
    const candidates = listings
      .filter((l) => l.userId === seller.id && l.status === wanted)
      .sort((a, b) => b.minutesAgo - a.minutesAgo)
    const listing = candidates[k % candidates.length]!
    const start = Math.floor(Math.min(listing.minutesAgo, buyer.ageDays * MINUTES_PER_DAY) / 2)
    const messages = script.lines.map(([who, content], j): SeedMessage => {
      const fromBuyer = who === 'b'
      return {
        id: rng.uuid(),
        senderId: fromBuyer ? buyer.id : seller.id,
        receiverId: fromBuyer ? seller.id : buyer.id,
        content,
        minutesAgo: start - (j + 1) * 23,
      }
    })
    if (messages.some((m) => m.minutesAgo <= 0)) throw new Error(`conversation ${k} would reach into the future`)
    return {
      id: rng.uuid(),
      listingId: listing.id,
      buyerId: buyer.id,
      sellerId: seller.id,
      minutesAgo: start,
      messages,
    }
  })

  return { users: DEMO_USERS, listings, conversations }
}
