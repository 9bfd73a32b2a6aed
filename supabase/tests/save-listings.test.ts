/**
 * public.save_listings (migration 20261123002100): a listing and its photo set commit together or not at all,
 * photo sets keep the latest edit by edit time, a set never takes a new image whose file is missing, and the
 * answer names the files of dropped images that nothing references any more.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { asUser, createListing, createUser, run, sqlState } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let seller: string
let other: string

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  seller = await createUser(db)
  other = await createUser(db)
})

afterAll(async () => {
  await ts?.stop()
})

interface Saved {
  listing: Record<string, unknown> | null
  images: { id: string; image_url: string; image_order: number }[]
  removed: string[]
}

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
  tags: ['warm'],
  status: 'active',
  edited_at: new Date(Date.now() - 60_000).toISOString(),
  ...over,
})

async function file(path: string): Promise<string> {
  await run(
    db,
    null,
    `insert into storage.objects (bucket_id, name) values ('listing-images', $1) on conflict do nothing`,
    [path],
  )
  return path
}

async function save(user: string, saves: unknown[]): Promise<Saved[]> {
  const [row] = await run<{ r: Saved[] }>(db, asUser(user), `select public.save_listings($1::jsonb) as r`, [
    JSON.stringify(saves),
  ])
  return row!.r
}

const images = (id: string, paths: string[]) =>
  paths.map((p, i) => ({ id: p.split('/')[2]!.split('.')[0]!, listing_id: id, image_url: p, image_order: i + 1 }))
const path = (id: string) => `${seller}/${id}/${randomUUID()}.webp`

describe('save_listings', () => {
  it('creates a listing with its photos in one call, and repeating the call changes nothing', async () => {
    const id = randomUUID()
    const paths = [await file(path(id)), await file(path(id))]
    const payload = [
      { listing: listing(id), images: images(id, paths), images_edited_at: new Date(Date.now() - 1000).toISOString() },
    ]
    const first = await save(seller, payload)
    expect(first[0]!.listing).toMatchObject({ id, title: 'Wool coat', tags: ['warm'] })
    expect(first[0]!.listing).not.toHaveProperty('images_edited_at')
    expect(first[0]!.images.map((i) => i.image_url)).toEqual(paths)
    const again = await save(seller, payload)
    expect(again[0]!.images).toEqual(first[0]!.images)
    expect(again[0]!.listing!.updated_at).toBe(first[0]!.listing!.updated_at)
  })

  it('a refused photo row leaves no listing behind (all or nothing)', async () => {
    const id = randomUUID()
    const p = await file(path(id))
    const bad = images(id, [p]).map((i) => ({ ...i, image_order: 0 }))
    const state = await sqlState(db, asUser(seller), `select public.save_listings($1::jsonb)`, [
      JSON.stringify([{ listing: listing(id), images: bad }]),
    ])
    expect(state).toBe('23514')
    expect(await run(db, null, `select 1 from public.listings where id = $1`, [id])).toHaveLength(0)
  })

  it('keeps the later photo set by edit time and answers a stale one with the winner', async () => {
    const id = randomUUID()
    const [a, b] = [await file(path(id)), await file(path(id))]
    const t = Date.now()
    await save(seller, [
      { listing: listing(id), images: images(id, [a, b]), images_edited_at: new Date(t - 10_000).toISOString() },
    ])
    const newer = await save(seller, [
      { listing_id: id, listing: null, images: images(id, [b]), images_edited_at: new Date(t - 5_000).toISOString() },
    ])
    expect(newer[0]!.images.map((i) => i.image_url)).toEqual([b])
    expect(newer[0]!.removed).toEqual([a])
    // An offline edit made before the winning one arrives last: the set stays, the answer carries it.
    const stale = await save(seller, [
      {
        listing_id: id,
        listing: null,
        images: images(id, [a, b]),
        images_edited_at: new Date(t - 8_000).toISOString(),
      },
    ])
    expect(stale[0]!.images.map((i) => i.image_url)).toEqual([b])
    expect(stale[0]!.removed).toEqual([])
  })

  it('a set never takes a new photo whose file is missing', async () => {
    const id = randomUUID()
    const present = await file(path(id))
    const missing = path(id)
    const saved = await save(seller, [{ listing: listing(id), images: images(id, [present, missing]) }])
    expect(saved[0]!.images.map((i) => i.image_url)).toEqual([present])
  })

  it('a set with a photo on another host is refused whole (docs/decisions.md#D-image-locations)', async () => {
    const id = randomUUID()
    const present = await file(path(id))
    const outside = { id: randomUUID(), listing_id: id, image_url: 'https://example.com/x.jpg', image_order: 2 }
    const state = await sqlState(db, asUser(seller), `select public.save_listings($1::jsonb)`, [
      JSON.stringify([{ listing: listing(id), images: [...images(id, [present]), outside] }]),
    ])
    expect(state).toBe('23514')
    expect(await run(db, null, `select 1 from public.listings where id = $1`, [id])).toEqual([])
  })

  it('a stale listing edit keeps the stored fields while a newer photo set still lands', async () => {
    const id = randomUUID()
    const p = await file(path(id))
    await save(seller, [{ listing: listing(id, { title: 'Newer title' }) }])
    const saved = await save(seller, [
      {
        listing: listing(id, { title: 'Older title', edited_at: new Date(Date.now() - 3_600_000).toISOString() }),
        images: images(id, [p]),
        images_edited_at: new Date().toISOString(),
      },
    ])
    expect(saved[0]!.listing).toMatchObject({ title: 'Newer title' })
    expect(saved[0]!.images.map((i) => i.image_url)).toEqual([p])
  })

  it("refuses another user's listing and a photo set for it (42501), and anonymous callers", async () => {
    const theirs = await createListing(db, other)
    expect(
      await sqlState(db, asUser(seller), `select public.save_listings($1::jsonb)`, [
        JSON.stringify([{ listing: listing(theirs) }]),
      ]),
    ).toBe('42501')
    expect(
      await sqlState(db, asUser(seller), `select public.save_listings($1::jsonb)`, [
        JSON.stringify([{ listing_id: theirs, listing: null, images: [] }]),
      ]),
    ).toBe('42501')
    expect(
      await sqlState(db, asUser(seller), `select public.save_listings($1::jsonb)`, [
        JSON.stringify([{ listing: listing(randomUUID(), { user_id: other }) }]),
      ]),
    ).toBe('42501')
    expect(await sqlState(db, { role: 'anon' }, `select public.save_listings('[]'::jsonb)`)).toBe('42501')
  })

  it('a batch is one transaction: one refused save undoes the others', async () => {
    const good = randomUUID()
    const state = await sqlState(db, asUser(seller), `select public.save_listings($1::jsonb)`, [
      JSON.stringify([{ listing: listing(good) }, { listing: listing(randomUUID(), { price: 0 }) }]),
    ])
    expect(state).toBe('23514')
    expect(await run(db, null, `select 1 from public.listings where id = $1`, [good])).toHaveLength(0)
  })
})
