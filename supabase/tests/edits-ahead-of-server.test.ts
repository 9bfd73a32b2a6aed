/**
 * Edits from a device clock ahead of the server (migration 20261125150100): each edit time keeps the device's own
 * stamp beside it; two edits both stamped ahead of the server are ordered by their stamps, anything else by the
 * clamped times as before. The end-to-end case through supabase-js is src/sync/clock-ahead.integration.ts.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { asUser, createListing, createUser, run, sqlState, storedPhoto } from './support/db-actors.ts'

let ts: TestStack
let db: Database

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
})

afterAll(async () => {
  await ts?.stop()
})

/** How far the device's clock runs ahead: a wrong time zone (the server counts at most a day ahead). */
const SKEW_MS = 6 * 3600_000
/** A device time six hours ahead of the server, `s` seconds into the device's session. */
const ahead = (base: number, s: number) => new Date(base + SKEW_MS + s * 1000)

const editListing = (user: string, id: string, title: string, editedAt: Date) =>
  run<{ title: string }>(
    db,
    asUser(user),
    `update public.listings set title = $2, edited_at = $3 where id = $1 returning title`,
    [id, title, editedAt],
  )
const listingRow = async (id: string) =>
  (
    await run<{ title: string; edited_at: Date; device_edited_at: Date | null; updated_at: Date }>(
      db,
      null,
      `select title, edited_at, device_edited_at, updated_at from public.listings where id = $1`,
      [id],
    )
  )[0]!

const editProfile = (user: string, firstName: string, editedAt: Date) =>
  run<{ first_name: string }>(
    db,
    asUser(user),
    `update public.profiles set first_name = $2, edited_at = $3 where id = $1 returning first_name`,
    [user, firstName, editedAt],
  )
const profileName = async (user: string) =>
  (await run<{ first_name: string }>(db, null, `select first_name from public.profiles where id = $1`, [user]))[0]!
    .first_name

describe('listing edits from a clock ahead', () => {
  it('an older ahead edit arriving after a newer one changes nothing; the stamp is kept as sent, the time clamped', async () => {
    const user = await createUser(db)
    const id = await createListing(db, user)
    const base = Date.now()
    await editListing(user, id, 'Edit five', ahead(base, 5))
    const stored = await listingRow(id)
    expect(stored.device_edited_at).toEqual(ahead(base, 5))
    expect(stored.edited_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
    expect(await editListing(user, id, 'Edit two', ahead(base, 2))).toEqual([{ title: 'Edit five' }])
    expect(await listingRow(id)).toEqual(stored)
    // The same stamp again (a retry) is applied, as ties always were; a newer one wins.
    expect(await editListing(user, id, 'Edit five', ahead(base, 5))).toEqual([{ title: 'Edit five' }])
    expect(await editListing(user, id, 'Edit six', ahead(base, 6))).toEqual([{ title: 'Edit six' }])
  })

  it('a server-side change of the row (an image touching it) keeps the stamp: the late older edit still loses', async () => {
    const user = await createUser(db)
    const id = await createListing(db, user)
    const base = Date.now()
    await editListing(user, id, 'Edit five', ahead(base, 5))
    await run(
      db,
      asUser(user),
      `insert into public.listing_images (listing_id, image_url, image_order) values ($1, $2, 1)`,
      [id, `${user}/${id}/a.webp`],
    )
    const touched = await listingRow(id)
    expect(touched.device_edited_at).toEqual(ahead(base, 5))
    expect(await editListing(user, id, 'Edit two', ahead(base, 2))).toEqual([{ title: 'Edit five' }])
  })

  it('an edit from a right clock, made after an ahead edit arrived, wins although its stamp is older', async () => {
    const user = await createUser(db)
    const id = await createListing(db, user)
    await editListing(user, id, 'Ahead', ahead(Date.now(), 5))
    expect(await editListing(user, id, 'Right clock', new Date())).toEqual([{ title: 'Right clock' }])
    // …and the ahead device's later edit, arriving after it, wins again (ordered by the clamped times, as before).
    expect(await editListing(user, id, 'Ahead again', ahead(Date.now(), 1))).toEqual([{ title: 'Ahead again' }])
    expect((await listingRow(id)).title).toBe('Ahead again')
  })
})

describe('photo sets from a clock ahead', () => {
  it('an older ahead set arriving after a newer one changes nothing', async () => {
    const user = await createUser(db)
    const id = await createListing(db, user)
    const base = Date.now()
    const set = async (name: string, at: Date) => [
      {
        listing_id: id,
        listing: null,
        images_edited_at: at.toISOString(),
        images: [
          { id: randomUUID(), listing_id: id, image_url: await storedPhoto(db, user, id, name), image_order: 1 },
        ],
      },
    ]
    const save = async (name: string, at: Date) => {
      const [row] = await run<{ r: { images: { image_url: string }[]; listing: Record<string, unknown> }[] }>(
        db,
        asUser(user),
        `select public.save_listings($1::jsonb) as r`,
        [JSON.stringify(await set(name, at))],
      )
      return row!.r[0]!
    }
    await save('five', ahead(base, 5))
    const late = await save('two', ahead(base, 2))
    expect(late.images.map((i) => i.image_url)).toEqual([`${user}/${id}/five.webp`])
    expect(Object.keys(late.listing).filter((k) => k.includes('edited_at'))).toEqual(['edited_at'])
    expect((await save('right', new Date())).images.map((i) => i.image_url)).toEqual([`${user}/${id}/right.webp`])
  })
})

describe('profile edits from a clock ahead', () => {
  it('an older ahead edit arriving after a newer one changes nothing, also after a server-side update', async () => {
    const user = await createUser(db)
    const base = Date.now()
    await editProfile(user, 'Five', ahead(base, 5))
    await run(db, null, `update public.profiles set subscription_status = 'active' where id = $1`, [user])
    expect(await editProfile(user, 'Two', ahead(base, 2))).toEqual([{ first_name: 'Five' }])
    expect(await profileName(user)).toBe('Five')
    await editProfile(user, 'Right', new Date())
    expect(await profileName(user)).toBe('Right')
  })

  it("the device stamp is the server's: a user can neither read nor write it", async () => {
    const user = await createUser(db)
    expect(await sqlState(db, asUser(user), `select device_edited_at from public.profiles where id = $1`, [user])).toBe(
      '42501',
    )
    expect(
      await sqlState(db, asUser(user), `update public.profiles set device_edited_at = now() where id = $1`, [user]),
    ).toBe('42501')
  })
})
