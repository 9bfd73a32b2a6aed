/**
 * What the sync engine relies on from the server's last-edit-wins rules, case by case: a photo set that only
 * reorders the photos the listing already has is stored in its new order (the seller's new cover photo), and every
 * rule breaks a tie of edit times the same way — the later arrival wins — for listing fields, photo sets and
 * profiles, with device clocks right and with device clocks ahead of the server (ordered by their own stamps).
 * The engine mirrors the server's answer, so a tie that kept the stored row would silently undo the last edit.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { asUser, createUser, run, storedPhoto } from './support/db-actors.ts'

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

interface Saved {
  listing: { title: string; edited_at: string } | null
  images: { id: string; image_url: string; image_order: number }[]
  removed: string[]
}

const MONTH_MS = 30 * 24 * 3600_000
/** A time a month ahead of the server's clock (a device whose clock runs ahead). */
const ahead = () => new Date(Date.now() + MONTH_MS).toISOString()
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()

const fields = (id: string, title: string, editedAt: string) => ({
  id,
  user_id: seller,
  title,
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
  edited_at: editedAt,
})

async function save(saves: unknown[]): Promise<Saved> {
  const [row] = await run<{ r: Saved[] }>(db, asUser(seller), `select public.save_listings($1::jsonb) as r`, [
    JSON.stringify(saves),
  ])
  return row!.r[0]!
}

/** Photo rows for the given photo ids in the order given, their files uploaded to the seller's folder. */
const photoSet = (listingId: string, ids: string[]) =>
  Promise.all(
    ids.map(async (id, i) => ({
      id,
      listing_id: listingId,
      image_url: await storedPhoto(db, seller, listingId, id),
      image_order: i + 1,
    })),
  )

const storedOrder = async (listingId: string) =>
  (
    await run<{ id: string }>(
      db,
      null,
      `select id from public.listing_images where listing_id = $1 order by image_order, id`,
      [listingId],
    )
  ).map((r) => r.id)
const storedTitle = async (listingId: string) =>
  (await run<{ title: string }>(db, null, `select title from public.listings where id = $1`, [listingId]))[0]!.title

const editProfile = (user: string, firstName: string, editedAt: string) =>
  run<{ first_name: string }>(
    db,
    asUser(user),
    `update public.profiles set first_name = $2, edited_at = $3 where id = $1 returning first_name`,
    [user, firstName, editedAt],
  )
const storedFirstName = async (user: string) =>
  (await run<{ first_name: string }>(db, null, `select first_name from public.profiles where id = $1`, [user]))[0]!
    .first_name

describe('save_listings: the same photos in a new order', () => {
  it('stores the new order of photos it already has, answers with it, and removes no file', async () => {
    const id = randomUUID()
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()]
    await save([
      {
        listing: fields(id, 'Coat', minutesAgo(10)),
        images: await photoSet(id, [a, b, c]),
        images_edited_at: minutesAgo(10),
      },
    ])
    expect(await storedOrder(id)).toEqual([a, b, c])
    // The seller picks c as the cover photo: the same three photos, c first.
    const answer = await save([
      { listing_id: id, listing: null, images: await photoSet(id, [c, a, b]), images_edited_at: minutesAgo(5) },
    ])
    expect(answer.images.map((i) => i.id)).toEqual([c, a, b])
    expect(answer.images.map((i) => i.image_order)).toEqual([1, 2, 3])
    expect(answer.removed).toEqual([])
    expect(await storedOrder(id)).toEqual([c, a, b])
  })

  it('reorders together with a field edit in one save, and a later reorder wins again', async () => {
    const id = randomUUID()
    const [a, b] = [randomUUID(), randomUUID()]
    await save([
      {
        listing: fields(id, 'Coat', minutesAgo(10)),
        images: await photoSet(id, [a, b]),
        images_edited_at: minutesAgo(10),
      },
    ])
    const answer = await save([
      {
        listing: fields(id, 'Coat, cover changed', minutesAgo(4)),
        images: await photoSet(id, [b, a]),
        images_edited_at: minutesAgo(4),
      },
    ])
    expect(answer.listing!.title).toBe('Coat, cover changed')
    expect(answer.images.map((i) => i.id)).toEqual([b, a])
    await save([{ listing_id: id, listing: null, images: await photoSet(id, [a, b]), images_edited_at: minutesAgo(2) }])
    expect(await storedOrder(id)).toEqual([a, b])
  })
})

describe('ties of edit times: the later arrival wins', () => {
  it('listing fields, clocks right: the second save with the same edit time is stored and answered', async () => {
    const id = randomUUID()
    const at = minutesAgo(5)
    await save([{ listing: fields(id, 'Phone edit', minutesAgo(30)) }])
    await save([{ listing: fields(id, 'Phone edit', at) }])
    const answer = await save([{ listing: fields(id, 'Laptop edit', at) }])
    expect(answer.listing!.title).toBe('Laptop edit')
    expect(await storedTitle(id)).toBe('Laptop edit')
  })

  it('listing fields, a clock ahead: two saves with the same device stamp, the second is stored', async () => {
    const id = randomUUID()
    const stamp = ahead()
    await save([{ listing: fields(id, 'First ahead', stamp) }])
    const answer = await save([{ listing: fields(id, 'Second ahead', stamp) }])
    expect(answer.listing!.title).toBe('Second ahead')
    expect(await storedTitle(id)).toBe('Second ahead')
  })

  it('photo sets, clocks right: a second set with the same edit time replaces the first', async () => {
    const id = randomUUID()
    const [a, b] = [randomUUID(), randomUUID()]
    const at = minutesAgo(5)
    await save([{ listing: fields(id, 'Coat', minutesAgo(10)), images: await photoSet(id, [a]), images_edited_at: at }])
    const answer = await save([
      { listing_id: id, listing: null, images: await photoSet(id, [b, a]), images_edited_at: at },
    ])
    expect(answer.images.map((i) => i.id)).toEqual([b, a])
    expect(await storedOrder(id)).toEqual([b, a])
  })

  it('photo sets, a clock ahead: a second set with the same device stamp replaces the first', async () => {
    const id = randomUUID()
    const [a, b] = [randomUUID(), randomUUID()]
    const stamp = ahead()
    await save([
      { listing: fields(id, 'Coat', minutesAgo(10)), images: await photoSet(id, [a]), images_edited_at: stamp },
    ])
    const answer = await save([
      { listing_id: id, listing: null, images: await photoSet(id, [b]), images_edited_at: stamp },
    ])
    expect(answer.images.map((i) => i.id)).toEqual([b])
    expect(await storedOrder(id)).toEqual([b])
  })

  it('profiles, clocks right: a second edit with the same edit time is stored and returned', async () => {
    const user = await createUser(db)
    const at = minutesAgo(5)
    expect(await editProfile(user, 'Phone', at)).toEqual([{ first_name: 'Phone' }])
    expect(await editProfile(user, 'Laptop', at)).toEqual([{ first_name: 'Laptop' }])
    expect(await storedFirstName(user)).toBe('Laptop')
  })

  it('profiles, a clock ahead: a second edit with the same device stamp is stored and returned', async () => {
    const user = await createUser(db)
    const stamp = ahead()
    await editProfile(user, 'First ahead', stamp)
    expect(await editProfile(user, 'Second ahead', stamp)).toEqual([{ first_name: 'Second ahead' }])
    expect(await storedFirstName(user)).toBe('Second ahead')
  })
})
