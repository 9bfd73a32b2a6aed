/**
 * The demo data: present after seeding, covering every category, city and condition, each listing with 2–5
 * photos whose bytes are in the committed seed tree and whose objects are in the bucket; demo accounts that can
 * sign in; and seed.sql in step with its generator.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { SEED_STORAGE_DIR } from '../local/stack.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { CATEGORIES, CITIES, CITY_CODES, CONDITIONS, DEMO_PASSWORD, DEMO_USERS } from '../seed/catalogue.ts'
import { buildWorld } from '../seed/world.ts'
import { CARD_MAX_BYTES, CARD_MAX_EDGE_PX, cardImagePath } from '../seed/illustrations.ts'
import sharp from 'sharp'
import { run } from './support/db-actors.ts'

const BUCKET = 'listing-images'
const MAX_SEED_TREE_BYTES = 4 * 1024 * 1024

let ts: TestStack
let db: Database

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
})

afterAll(async () => {
  await ts?.stop()
})

interface ListingRow extends Record<string, unknown> {
  id: string
  user_id: string
  category: string
  location: string
  condition: string
  size: string | null
  description: string
  price: string
  status: string
}

async function activeListings(): Promise<ListingRow[]> {
  return run<ListingRow>(db, null, `select * from public.listings where status = 'active'`)
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    return e.isDirectory() ? filesUnder(full) : [full]
  })
}

describe('seeded listings', () => {
  it('has at least 40 active listings covering every category, city and condition', async () => {
    const rows = await activeListings()
    expect(rows.length).toBeGreaterThanOrEqual(40)
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CATEGORIES))
    expect(new Set(rows.map((r) => r.location))).toEqual(new Set(CITIES.map((city) => CITY_CODES[city])))
    expect(new Set(rows.map((r) => r.condition))).toEqual(new Set(CONDITIONS))
    expect(new Set(rows.map((r) => r.size)).size).toBeGreaterThanOrEqual(8)
  })

  it('gives every listing a description of at least 10 characters and a price in CHF above 0', async () => {
    const bad = (await activeListings()).filter((r) => r.description.length < 10 || !(Number(r.price) > 0))
    expect(bad).toEqual([])
  })

  it('has a couple of sold listings', async () => {
    const [row] = await run<{ n: number }>(
      db,
      null,
      `select count(*)::int as n from public.listings where status = 'sold'`,
    )
    expect(row!.n).toBeGreaterThanOrEqual(2)
  })
})

describe('seeded photos', () => {
  it('gives every listing 2–5 photos, ordered 1..n, stored at {user_id}/{listing_id}/{image_id}.jpg', async () => {
    const rows = await run<{ listing_id: string; user_id: string; orders: number[]; urls: string[]; ids: string[] }>(
      db,
      null,
      `select l.id as listing_id, l.user_id, array_agg(i.image_order order by i.image_order) as orders,
              array_agg(i.image_url order by i.image_order) as urls, array_agg(i.id::text order by i.image_order) as ids
       from public.listings l left join public.listing_images i on i.listing_id = l.id group by l.id`,
    )
    for (const r of rows) {
      expect(r.orders.length, r.listing_id).toBeGreaterThanOrEqual(2)
      expect(r.orders.length, r.listing_id).toBeLessThanOrEqual(5)
      expect(r.orders).toEqual(r.orders.map((_, i) => i + 1))
      expect(r.urls).toEqual(r.ids.map((id) => `${r.user_id}/${r.listing_id}/${id}.jpg`))
    }
  })

  it('points every photo where a seller’s own API write may point (docs/decisions.md#D-image-locations)', async () => {
    const outside = await run<{ image_url: string }>(
      db,
      null,
      `select i.image_url from public.listing_images i join public.listings l on l.id = i.listing_id
       where not private.is_own_storage_path(l.user_id, i.image_url)`,
    )
    expect(outside).toEqual([])
    const [all] = await run<{ n: number }>(db, null, `select count(*)::int as n from public.listing_images`)
    expect(all!.n).toBeGreaterThan(100)
  })

  it('has each photo as a JPEG file in the seed tree and as an object in the bucket, with its size', async () => {
    const rows = await run<{
      image_url: string
      owner: string | null
      user_id: string
      size: number | null
      mimetype: string | null
    }>(
      db,
      null,
      `select i.image_url, o.owner, l.user_id, (o.metadata ->> 'size')::int as size, o.metadata ->> 'mimetype' as mimetype
       from public.listing_images i
       join public.listings l on l.id = i.listing_id
       left join storage.objects o on o.bucket_id = $1 and o.name = i.image_url`,
      [BUCKET],
    )
    expect(rows.length).toBeGreaterThanOrEqual(80)
    for (const r of rows) {
      const file = path.join(SEED_STORAGE_DIR, BUCKET, r.image_url)
      expect(fs.existsSync(file), file).toBe(true)
      const bytes = fs.readFileSync(file)
      expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8])
      expect(r).toMatchObject({ owner: r.user_id, size: bytes.length, mimetype: 'image/jpeg' })
    }
  })

  it('has each photo’s card image beside it (WebP, long edge 480 px, ≤ 40 KB) as a file and an object', async () => {
    const rows = await run<{
      image_url: string
      user_id: string
      owner: string | null
      size: number | null
      mimetype: string | null
    }>(
      db,
      null,
      `select i.image_url, l.user_id, o.owner, (o.metadata ->> 'size')::int as size, o.metadata ->> 'mimetype' as mimetype
       from public.listing_images i
       join public.listings l on l.id = i.listing_id
       left join storage.objects o on o.bucket_id = $1 and o.name = regexp_replace(i.image_url, '\\.jpg$', '.card.webp')`,
      [BUCKET],
    )
    expect(rows.length).toBeGreaterThanOrEqual(80)
    for (const r of rows) {
      const card = cardImagePath(r.image_url)
      expect(card).toBe(r.image_url.replace(/\.jpg$/, '.card.webp'))
      const file = path.join(SEED_STORAGE_DIR, BUCKET, card)
      expect(fs.existsSync(file), file).toBe(true)
      const bytes = fs.readFileSync(file)
      expect(bytes.length).toBeLessThanOrEqual(CARD_MAX_BYTES)
      const meta = await sharp(bytes).metadata()
      expect(meta.format).toBe('webp')
      expect(Math.max(meta.width!, meta.height!)).toBe(CARD_MAX_EDGE_PX)
      expect(r).toMatchObject({ owner: r.user_id, size: bytes.length, mimetype: 'image/webp' })
    }
  })

  it('has no stray files in the seed tree and keeps it under 4 MiB', async () => {
    const files = filesUnder(path.join(SEED_STORAGE_DIR, BUCKET))
    const [row] = await run<{ n: number }>(db, null, `select count(*)::int as n from public.listing_images`)
    expect(files.length).toBe(row!.n * 2) // each photo and its card image
    expect(files.reduce((sum, f) => sum + fs.statSync(f).size, 0)).toBeLessThan(MAX_SEED_TREE_BYTES)
  })

  it('serves the bytes of a seeded photo from the stack’s blob store', async () => {
    const [row] = await run<{ image_url: string }>(db, null, `select image_url from public.listing_images limit 1`)
    const bytes = await ts.stack.ctx.blobs.get(BUCKET, row!.image_url)
    expect(bytes?.length).toBe(fs.statSync(path.join(SEED_STORAGE_DIR, BUCKET, row!.image_url)).size)
  })
})

describe('seeded accounts and conversations', () => {
  it('has the demo accounts with confirmed e-mails, the demo password and located profiles', async () => {
    const rows = await run<{
      id: string
      email: string
      password_ok: boolean
      confirmed: boolean
      first_name: string
      last_name: string
      location: string
    }>(
      db,
      null,
      `select u.id, u.email, u.encrypted_password = crypt($1, u.encrypted_password) as password_ok,
              u.email_confirmed_at is not null as confirmed, p.first_name, p.last_name, p.location
       from auth.users u join public.profiles p on p.id = u.id where u.email like '%@demo.kreis.ch' order by u.id`,
      [DEMO_PASSWORD],
    )
    expect(rows).toEqual(
      DEMO_USERS.map((u) => ({
        id: u.id,
        email: u.email,
        password_ok: true,
        confirmed: true,
        first_name: u.firstName,
        last_name: u.lastName,
        location: u.city,
      })),
    )
  })

  it('has conversations between demo buyers and sellers, each with messages and last_message_at at the newest', async () => {
    const rows = await run<{ n: number; last_message_at: Date; newest: Date; buyer_id: string; seller_id: string }>(
      db,
      null,
      `select c.buyer_id, c.seller_id, c.last_message_at, count(m.id)::int as n, max(m.created_at) as newest
       from public.conversations c join public.messages m on m.conversation_id = c.id group by c.id`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(3)
    const buyers = new Set(DEMO_USERS.filter((u) => u.role === 'buyer').map((u) => u.id))
    const sellers = new Set(DEMO_USERS.filter((u) => u.role === 'seller').map((u) => u.id))
    for (const r of rows) {
      expect(buyers.has(r.buyer_id) && sellers.has(r.seller_id)).toBe(true)
      expect(r.n).toBeGreaterThanOrEqual(2)
      expect(r.last_message_at).toEqual(r.newest)
    }
  })

  it('marks each participant as having read up to their own last message (a thread they answered is not unread)', async () => {
    const rows = await run<{
      participant: string
      read_at: Date | null
      own_last: Date | null
      unread_before_own: number
    }>(
      db,
      null,
      `select p.participant, p.read_at, max(m.created_at) filter (where m.sender_id = p.user_id) as own_last,
              count(m.id) filter (where m.receiver_id = p.user_id and m.created_at <= coalesce(p.read_at, '-infinity'))::int as unread_before_own
         from (select id, buyer_id as user_id, buyer_last_read_at as read_at, 'buyer' as participant from public.conversations
               union all
               select id, seller_id, seller_last_read_at, 'seller' from public.conversations) p
         join public.messages m on m.conversation_id = p.id
        group by p.id, p.participant, p.user_id, p.read_at`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(6)
    for (const r of rows) expect(r.read_at).toEqual(r.own_last)
    // Somebody has read something, or the rule above would hold vacuously.
    expect(rows.some((r) => r.read_at !== null && r.unread_before_own > 0)).toBe(true)
  })

  it('was generated by the current generator (seed.sql is up to date)', async () => {
    const rows = await run<{ id: string }>(db, null, `select id from public.listings order by id`)
    expect(rows.map((r) => r.id)).toEqual(
      buildWorld()
        .listings.map((l) => l.id)
        .sort(),
    )
  })
})

describe('the listing-images bucket', () => {
  it('is public, limited to 5 MiB and to JPEG, PNG and WebP', async () => {
    const rows = await run(
      db,
      null,
      `select public, file_size_limit::int as limit, allowed_mime_types from storage.buckets where id = $1`,
      [BUCKET],
    )
    expect(rows).toEqual([
      { public: true, limit: 5 * 1024 * 1024, allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] },
    ])
  })
})
