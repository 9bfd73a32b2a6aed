/**
 * What one request may write, and the device stamps the server keeps (migration 20261127101500): save_listings'
 * saves and photos per call, photos per listing by any route, messages per member per minute, a listing's
 * created_at from the device clamped to a sane range, non-finite stamps refused and far-future ones bounded.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { asUser, createListing, createUser, run, sqlState, storedPhoto } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let seller: string

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  seller = await createUser(db)
})

afterAll(async () => {
  await ts?.stop()
})

const HOUR_MS = 3600_000
const DAY_MS = 24 * HOUR_MS

const listing = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  user_id: seller,
  title: 'Wool coat',
  description: 'Warm and barely worn.',
  price: 80,
  condition: 'very_good',
  category: 'women',
  product_type: null,
  brand: null,
  size: 'M',
  fabric: 'wool',
  location: 'Zurich',
  tags: null,
  status: 'active',
  edited_at: new Date().toISOString(),
  ...over,
})

/** `n` photos of the seller's listing `id`, their files uploaded. */
const photos = (id: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const photo = randomUUID()
      return { id: photo, listing_id: id, image_url: await storedPhoto(db, seller, id, photo), image_order: i + 1 }
    }),
  )

const saveSql = `select public.save_listings($1::jsonb) as r`
const saveState = (saves: unknown[]) => sqlState(db, asUser(seller), saveSql, [JSON.stringify(saves)])
const save = (saves: unknown[]) => run(db, asUser(seller), saveSql, [JSON.stringify(saves)])

async function createdAt(id: string): Promise<number> {
  const [row] = await run<{ created_at: Date }>(db, null, `select created_at from public.listings where id = $1`, [id])
  return row!.created_at.getTime()
}

const count = async (sql: string, params: unknown[]) => Number((await run<{ n: string }>(db, null, sql, params))[0]!.n)

describe('save_listings caps', () => {
  it('refuses more than 100 saves in one call before writing any of them', async () => {
    const ids = Array.from({ length: 101 }, () => randomUUID())
    expect(await saveState(ids.map((id) => ({ listing: listing(id), images: null })))).toBe('PT413')
    expect(await count(`select count(*) as n from public.listings where id = any($1::uuid[])`, [ids])).toBe(0)
    // 100 is the app's batch and passes.
    await save(ids.slice(0, 100).map((id) => ({ listing: listing(id), images: null })))
    expect(await count(`select count(*) as n from public.listings where id = any($1::uuid[])`, [ids])).toBe(100)
  })

  it('refuses a save with more than 10 photos, and the listing is not created', async () => {
    const id = randomUUID()
    expect(
      await saveState([
        { listing: listing(id), images: await photos(id, 11), images_edited_at: new Date().toISOString() },
      ]),
    ).toBe('23514')
    expect(await count(`select count(*) as n from public.listings where id = $1`, [id])).toBe(0)
    await save([{ listing: listing(id), images: await photos(id, 10), images_edited_at: new Date().toISOString() }])
    expect(await count(`select count(*) as n from public.listing_images where listing_id = $1`, [id])).toBe(10)
  })
})

describe('photos per listing', () => {
  it('an API insert of an 11th photo is refused; replacing a set of 10 by another set of 10 is not', async () => {
    const id = await createListing(db, seller)
    const ten = await photos(id, 10)
    await run(
      db,
      asUser(seller),
      `insert into public.listing_images (id, listing_id, image_url, image_order)
      select id, listing_id, image_url, image_order from json_populate_recordset(null::public.listing_images, $1::json)`,
      [JSON.stringify(ten)],
    )
    const eleventh = (await photos(id, 1))[0]!
    expect(
      await sqlState(
        db,
        asUser(seller),
        `insert into public.listing_images (id, listing_id, image_url, image_order)
      values ($1, $2, $3, 11)`,
        [eleventh.id, id, eleventh.image_url],
      ),
    ).toBe('23514')
    const other = await photos(id, 10)
    await save([{ listing_id: id, listing: null, images: other, images_edited_at: new Date().toISOString() }])
    expect(await count(`select count(*) as n from public.listing_images where listing_id = $1`, [id])).toBe(10)
  })
})

describe('messages per minute', () => {
  it('refuses the 301st message a member sends within a minute, even inside one bulk insert', async () => {
    const buyer = await createUser(db)
    const listingId = await createListing(db, seller)
    const [conv] = await run<{ id: string }>(
      db,
      null,
      `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $3) returning id`,
      [listingId, buyer, seller],
    )
    const bulk = (n: number) =>
      JSON.stringify(
        Array.from({ length: n }, (_, i) => ({
          conversation_id: conv!.id,
          listing_id: listingId,
          sender_id: buyer,
          receiver_id: seller,
          content: `hello ${i}`,
        })),
      )
    const insert = `insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content)
      select conversation_id, listing_id, sender_id, receiver_id, content
      from json_populate_recordset(null::public.messages, $1::json)`
    expect(await sqlState(db, asUser(buyer), insert, [bulk(301)])).toBe('PT429')
    await run(db, asUser(buyer), insert, [bulk(300)])
    expect(await sqlState(db, asUser(buyer), insert, [bulk(1)])).toBe('PT429')
    // The seller's replies are the seller's own budget.
    expect(
      await sqlState(db, asUser(seller), insert, [
        JSON.stringify([
          {
            conversation_id: conv!.id,
            listing_id: listingId,
            sender_id: seller,
            receiver_id: buyer,
            content: 'hi',
          },
        ]),
      ]),
    ).toBe('ok')
  })
})

describe('created_at of a listing made offline', () => {
  it('is the device creation time sent with the save', async () => {
    const id = randomUUID()
    const made = Date.now() - 2 * HOUR_MS
    await save([{ listing: listing(id), images: null, created_at: new Date(made).toISOString() }])
    expect(await createdAt(id)).toBe(made)
  })

  it('falls back to the listing edit stamp when the save names no creation time', async () => {
    const id = randomUUID()
    const edited = Date.now() - 3 * HOUR_MS
    await save([{ listing: listing(id, { edited_at: new Date(edited).toISOString() }), images: null }])
    expect(await createdAt(id)).toBe(edited)
  })

  it('is clamped to now and to 30 days back', async () => {
    const future = randomUUID()
    const before = Date.now()
    await save([{ listing: listing(future), images: null, created_at: new Date(Date.now() + DAY_MS).toISOString() }])
    expect(await createdAt(future)).toBeLessThanOrEqual(Date.now())
    expect(await createdAt(future)).toBeGreaterThanOrEqual(before - 1000)
    const old = randomUUID()
    await save([{ listing: listing(old), images: null, created_at: '2001-01-01T00:00:00Z' }])
    expect(await createdAt(old)).toBeGreaterThan(Date.now() - 31 * DAY_MS)
    expect(await createdAt(old)).toBeLessThan(Date.now() - 29 * DAY_MS)
  })

  it('an edit of an existing listing never moves its created_at', async () => {
    const id = randomUUID()
    await save([{ listing: listing(id), images: null }])
    const first = await createdAt(id)
    await save([
      {
        listing: listing(id, { title: 'Wool coat, long' }),
        images: null,
        created_at: new Date(Date.now() - 5 * HOUR_MS).toISOString(),
      },
    ])
    expect(await createdAt(id)).toBe(first)
  })

  it('a direct insert keeps the server time', async () => {
    const id = randomUUID()
    const before = Date.now()
    await run(
      db,
      asUser(seller),
      `insert into public.listings (id, user_id, title, description, price, condition, category, edited_at)
      values ($1, $2, 'Scarf', 'A long red scarf.', 10, 'acceptable', 'women', $3)`,
      [id, seller, new Date(Date.now() - 5 * HOUR_MS)],
    )
    expect(await createdAt(id)).toBeGreaterThanOrEqual(before - 1000)
  })
})

describe('device stamps', () => {
  it('refuses an edit stamped infinity, for listing fields, photo sets and profiles', async () => {
    const id = await createListing(db, seller)
    expect(
      await sqlState(
        db,
        asUser(seller),
        `update public.listings set title = 'X coat', edited_at = 'infinity' where id = $1`,
        [id],
      ),
    ).toBe('22008')
    expect(await saveState([{ listing: listing(randomUUID(), { edited_at: 'infinity' }), images: null }])).toBe('22008')
    expect(
      await saveState([{ listing_id: id, listing: null, images: await photos(id, 1), images_edited_at: 'infinity' }]),
    ).toBe('22008')
    expect(
      await sqlState(
        db,
        asUser(seller),
        `update public.profiles set first_name = 'Zed', edited_at = 'infinity' where id = $1`,
        [seller],
      ),
    ).toBe('22008')
  })

  it('a far-future stamp counts as one day ahead, so a fast device wins again once that day has passed', async () => {
    const id = await createListing(db, seller)
    const edit = (title: string, at: string) =>
      run<{ title: string }>(
        db,
        asUser(seller),
        `update public.listings set title = $2, edited_at = $3 where id = $1 returning title`,
        [id, title, at],
      )
    await edit('Far future coat', '9999-01-01T00:00:00Z')
    const [stored] = await run<{ device_edited_at: Date }>(
      db,
      null,
      `select device_edited_at from public.listings where id = $1`,
      [id],
    )
    expect(stored!.device_edited_at.getTime()).toBeLessThanOrEqual(Date.now() + DAY_MS + 1000)
    // A day passes (moved back on the row instead of waiting): the same device, 10 minutes fast, edits again.
    // (Triggers off for this one bookkeeping write, or the edit rule would read it as a new edit.)
    await db.asSuperuser(async (tx) => {
      await tx.exec(`set local session_replication_role = replica`)
      await tx.query(
        `update public.listings set device_edited_at = device_edited_at - interval '1 day 1 minute',
        edited_at = edited_at - interval '1 day 1 minute' where id = $1`,
        [id],
      )
    })
    await edit('Fast clock coat', new Date(Date.now() + 10 * 60_000).toISOString())
    const [now] = await run<{ title: string }>(db, null, `select title from public.listings where id = $1`, [id])
    expect(now!.title).toBe('Fast clock coat')
  })
})
