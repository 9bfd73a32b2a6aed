/**
 * Listing tombstones (migration 20261123220100): a deleted listing stays deleted. save_listings skips a save of a
 * deleted id (older or newer than the delete) without an error and answers "gone" with the save's own files to
 * remove; a direct insert of the id is refused; only the seller reads their tombstones, nobody writes them.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { ANON, asUser, createUser, run, sqlState } from './support/db-actors.ts'

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
  listing_id?: string
  images: { image_url: string }[]
  removed: string[]
  deleted_at?: string
}

const listing = (id: string, editedAt: Date, over: Record<string, unknown> = {}) => ({
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
  edited_at: editedAt.toISOString(),
  ...over,
})

async function save(user: string, saves: unknown[]): Promise<Saved[]> {
  const [row] = await run<{ r: Saved[] }>(db, asUser(user), `select public.save_listings($1::jsonb) as r`, [
    JSON.stringify(saves),
  ])
  return row!.r
}

async function file(p: string): Promise<string> {
  await run(
    db,
    null,
    `insert into storage.objects (bucket_id, name) values ('listing-images', $1) on conflict do nothing`,
    [p],
  )
  return p
}

async function createAndDelete(): Promise<{ id: string; created: Date }> {
  const id = randomUUID()
  const created = new Date(Date.now() - 60_000)
  await save(seller, [{ listing: listing(id, created) }])
  await run(db, asUser(seller), `delete from public.listings where id = $1`, [id])
  return { id, created }
}

const exists = async (id: string) =>
  (await run(db, null, `select 1 from public.listings where id = $1`, [id])).length === 1

describe('listing tombstones', () => {
  it('the seller deleting a listing leaves a tombstone with the deletion time', async () => {
    const { id } = await createAndDelete()
    const rows = await run<{ user_id: string; deleted_at: Date }>(
      db,
      null,
      `select user_id, deleted_at from public.listing_tombstones where listing_id = $1`,
      [id],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.user_id).toBe(seller)
  })

  it('a stale save of a deleted listing (edited before the delete) does not re-create it, and answers "gone"', async () => {
    const { id, created } = await createAndDelete()
    const stale = listing(id, new Date(created.getTime() + 1000), { title: 'Edited offline' })
    const answer = await save(seller, [{ listing: stale }])
    expect(answer).toHaveLength(1)
    expect(answer[0]).toMatchObject({ listing: null, listing_id: id, images: [], removed: [] })
    expect(typeof answer[0]!.deleted_at).toBe('string')
    expect(await exists(id)).toBe(false)
    // Idempotent: the same save again changes nothing and answers the same.
    expect(await save(seller, [{ listing: stale }])).toEqual(answer)
    expect(await exists(id)).toBe(false)
  })

  it('a save stamped after the delete (a device clock ahead) does not bring it back either: deletion is final', async () => {
    const { id } = await createAndDelete()
    const answer = await save(seller, [{ listing: listing(id, new Date()) }])
    expect(answer[0]!.listing).toBeNull()
    expect(await exists(id)).toBe(false)
  })

  it('a photo-set save of a deleted listing is skipped (not refused), naming its own uploaded files to remove', async () => {
    const { id } = await createAndDelete()
    const mine = await file(`${seller}/${id}/${randomUUID()}.webp`)
    const elsewhere = `${seller}/${randomUUID()}/${randomUUID()}.webp`
    const answer = await save(seller, [
      {
        listing_id: id,
        listing: null,
        images_edited_at: new Date().toISOString(),
        images: [
          { id: randomUUID(), listing_id: id, image_url: mine, image_order: 1 },
          { id: randomUUID(), listing_id: id, image_url: elsewhere, image_order: 2 },
        ],
      },
    ])
    expect(answer[0]).toMatchObject({ listing: null, listing_id: id, images: [], removed: [mine] })
    expect(await run(db, null, `select 1 from public.listing_images where listing_id = $1`, [id])).toHaveLength(0)
  })

  it('the rest of a batch is saved around a deleted listing', async () => {
    const { id } = await createAndDelete()
    const fresh = randomUUID()
    const answer = await save(seller, [{ listing: listing(id, new Date()) }, { listing: listing(fresh, new Date()) }])
    expect(answer.map((a) => a.listing?.id ?? null)).toEqual([null, fresh])
    expect(await exists(fresh)).toBe(true)
  })

  it("another user's save of the deleted id is refused (23505), never answered with the seller's deletion", async () => {
    const { id } = await createAndDelete()
    const state = await sqlState(db, asUser(other), `select public.save_listings($1::jsonb)`, [
      JSON.stringify([{ listing: listing(id, new Date(), { user_id: other }) }]),
    ])
    expect(state).toBe('23505')
    expect(await exists(id)).toBe(false)
  })

  it('a direct insert of a deleted id is refused (23505), even by the seller', async () => {
    const { id } = await createAndDelete()
    const insert = `insert into public.listings (id, user_id, title, description, price, condition, category, edited_at)
                    values ($1, $2, 'Wool coat', 'Warm.', 80, 'very_good', 'women', now())`
    expect(await sqlState(db, asUser(seller), insert, [id, seller])).toBe('23505')
    expect(await sqlState(db, null, insert, [id, seller])).toBe('23505')
  })

  it('only the seller reads their tombstones; nobody writes them through the API', async () => {
    const { id } = await createAndDelete()
    expect(
      await run(db, asUser(seller), `select listing_id from public.listing_tombstones where listing_id = $1`, [id]),
    ).toHaveLength(1)
    expect(
      await run(db, asUser(other), `select listing_id from public.listing_tombstones where listing_id = $1`, [id]),
    ).toHaveLength(0)
    expect(await sqlState(db, ANON, `select 1 from public.listing_tombstones`)).toBe('42501')
    expect(
      await sqlState(db, asUser(seller), `delete from public.listing_tombstones where listing_id = $1`, [id]),
    ).toBe('42501')
    expect(
      await sqlState(
        db,
        asUser(seller),
        `insert into public.listing_tombstones (listing_id, user_id) values ($1, $2)`,
        [randomUUID(), seller],
      ),
    ).toBe('42501')
  })
})
