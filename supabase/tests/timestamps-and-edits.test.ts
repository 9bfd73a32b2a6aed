/**
 * Server-kept times on the synced tables: updated_at is always the server's (clients pull by (updated_at, id)),
 * created_at never moves, and listings resolve concurrent edits by edit time (edited_at): a stale offline edit
 * loses, an equal one wins as the later arrival, and image changes move the listing's updated_at only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { asUser, createListing, createUser, run } from './support/db-actors.ts'

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

interface ListingTimes extends Record<string, unknown> {
  title: string
  edited_at: Date
  created_at: Date
  updated_at: Date
}

const TIMES = `title, edited_at, created_at, updated_at`
const LONG_AGO = new Date('2001-01-01T00:00:00Z')
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000)

async function listingTimes(id: string): Promise<ListingTimes> {
  const [row] = await run<ListingTimes>(db, null, `select ${TIMES} from public.listings where id = $1`, [id])
  return row!
}

async function editAs(user: string, id: string, title: string, editedAt: Date): Promise<ListingTimes[]> {
  return run<ListingTimes>(
    db,
    asUser(user),
    `update public.listings set title = $2, edited_at = $3 where id = $1 returning ${TIMES}`,
    [id, title, editedAt],
  )
}

describe('updated_at and created_at', () => {
  it('ignores client-sent created_at and updated_at on insert: both are the server time', async () => {
    const before = new Date()
    const [row] = await run<ListingTimes>(
      db,
      asUser(seller),
      `insert into public.listings (user_id, title, description, price, condition, category, created_at, updated_at)
       values ($1, 'Wool coat', 'Warm and cosy coat.', 80, 'very_good', 'women', $2, $2) returning ${TIMES}`,
      [seller, LONG_AGO],
    )
    expect(row!.created_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000)
    expect(row!.updated_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000)
  })

  it('moves updated_at on every change and keeps created_at even when the client sends another', async () => {
    const id = await createListing(db, seller)
    const first = await listingTimes(id)
    const [after] = await run<ListingTimes>(
      db,
      asUser(seller),
      `update public.listings set title = 'Camel coat', created_at = $2, updated_at = $2 where id = $1 returning ${TIMES}`,
      [id, LONG_AGO],
    )
    expect(after!.created_at).toEqual(first.created_at)
    expect(after!.updated_at.getTime()).toBeGreaterThan(first.updated_at.getTime())
  })

  it('keeps updated_at when an update changes nothing', async () => {
    const id = await createListing(db, seller)
    const first = await listingTimes(id)
    await run(db, asUser(seller), `update public.listings set title = title where id = $1`, [id])
    expect((await listingTimes(id)).updated_at).toEqual(first.updated_at)
  })

  it('stamps profiles, images, conversations and messages with the server time too', async () => {
    const buyer = await createUser(db)
    const listing = await createListing(db, seller)
    const rows = await run<{ t: string; updated_at: Date }>(
      db,
      null,
      `with i as (insert into public.listing_images (listing_id, image_url, updated_at) values ($1, 'a.jpg', $3) returning updated_at),
            c as (insert into public.conversations (listing_id, buyer_id, seller_id, updated_at) values ($1, $2, $4, $3) returning updated_at)
       select 'image' as t, updated_at from i union all select 'conversation', updated_at from c`,
      [listing, buyer, LONG_AGO, seller],
    )
    const [profile] = await run<{ updated_at: Date }>(
      db,
      asUser(buyer),
      `update public.profiles set first_name = 'Noa', updated_at = $2 where id = $1 returning updated_at`,
      [buyer, LONG_AGO],
    )
    for (const r of [...rows, profile!]) expect(r.updated_at.getTime()).toBeGreaterThan(LONG_AGO.getTime())
  })
})

describe('listings: last edit wins by edit time', () => {
  it('keeps a client-supplied past edited_at on insert and clamps a future one to now', async () => {
    const past = minutesAgo(30)
    const [kept] = await run<ListingTimes>(
      db,
      asUser(seller),
      `insert into public.listings (user_id, title, description, price, condition, category, edited_at)
       values ($1, 'Wool coat', 'Warm and cosy coat.', 80, 'very_good', 'women', $2) returning ${TIMES}`,
      [seller, past],
    )
    expect(kept!.edited_at).toEqual(past)
    const [clamped] = await run<ListingTimes>(
      db,
      asUser(seller),
      `insert into public.listings (user_id, title, description, price, condition, category, edited_at)
       values ($1, 'Wool coat', 'Warm and cosy coat.', 80, 'very_good', 'women', now() + interval '1 day') returning ${TIMES}`,
      [seller],
    )
    expect(clamped!.edited_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
  })

  it('applies an edit made after the stored one', async () => {
    const id = await createListing(db, seller, { editedAt: minutesAgo(120) })
    await editAs(seller, id, 'First edit', minutesAgo(10))
    const [row] = await editAs(seller, id, 'Second edit', minutesAgo(5))
    expect(row!.title).toBe('Second edit')
    expect(row!.edited_at).toEqual((await listingTimes(id)).edited_at)
  })

  it('keeps the stored row when a stale offline edit arrives, returning the winner and leaving updated_at', async () => {
    const id = await createListing(db, seller, { editedAt: minutesAgo(120) })
    await editAs(seller, id, 'Newer edit', minutesAgo(5))
    const stored = await listingTimes(id)
    const returned = await editAs(seller, id, 'Stale offline edit', minutesAgo(20))
    expect(returned.map((r) => r.title)).toEqual(['Newer edit'])
    expect(await listingTimes(id)).toEqual(stored)
  })

  it('lets the later arrival win a tie of edit times', async () => {
    const id = await createListing(db, seller, { editedAt: minutesAgo(120) })
    const at = minutesAgo(5)
    await editAs(seller, id, 'Phone edit', at)
    const [row] = await editAs(seller, id, 'Laptop edit', at)
    expect(row!.title).toBe('Laptop edit')
  })

  it('counts a content change that does not send edited_at as an edit made now', async () => {
    const id = await createListing(db, seller, { editedAt: minutesAgo(120) })
    await editAs(seller, id, 'Old edit', minutesAgo(60))
    const before = new Date()
    const [row] = await run<ListingTimes>(
      db,
      asUser(seller),
      `update public.listings set status = 'sold' where id = $1 returning ${TIMES}`,
      [id],
    )
    expect(row!.edited_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000)
    // So an offline edit made before it now loses.
    expect((await editAs(seller, id, 'Offline edit', minutesAgo(30)))[0]!.title).toBe('Old edit')
  })
})

describe('listing images touch their listing', () => {
  it.each([
    // A path in the seller's own folder: the only kind of path an API write may store (image_url location rule).
    {
      change: 'insert',
      sql: `insert into public.listing_images (listing_id, image_url, image_order)
            select $1, l.user_id || '/' || l.id || '/b.webp', 2 from public.listings l where l.id = $1`,
    },
    { change: 'update', sql: `update public.listing_images set image_order = 3 where listing_id = $1` },
    { change: 'delete', sql: `delete from public.listing_images where listing_id = $1` },
  ])('an image $change moves the listing updated_at and leaves edited_at', async ({ sql }) => {
    const id = await createListing(db, seller)
    await run(
      db,
      null,
      `insert into public.listing_images (listing_id, image_url, image_order) values ($1, 'a.jpg', 1)`,
      [id],
    )
    const before = await listingTimes(id)
    await run(db, asUser(seller), sql, [id])
    const after = await listingTimes(id)
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime())
    expect(after.edited_at).toEqual(before.edited_at)
  })

  it('deleting a listing takes its images, conversations and messages with it', async () => {
    const buyer = await createUser(db)
    const id = await createListing(db, seller)
    await run(db, null, `insert into public.listing_images (listing_id, image_url) values ($1, 'a.jpg')`, [id])
    await run(
      db,
      null,
      `with c as (insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $3) returning id)
       insert into public.messages (conversation_id, listing_id, sender_id, receiver_id, content) select c.id, $1, $2, $3, 'Hi' from c`,
      [id, buyer, seller],
    )
    await run(db, asUser(seller), `delete from public.listings where id = $1`, [id])
    const [left] = await run<{ n: number }>(
      db,
      null,
      `select (select count(*) from public.listing_images where listing_id = $1)
            + (select count(*) from public.conversations where listing_id = $1)
            + (select count(*) from public.messages where listing_id = $1) as n`,
      [id],
    )
    expect(Number(left!.n)).toBe(0)
  })
})
