/**
 * Last edit wins for favourites (migration 20261127132000, set_favourite): a set or a clear is applied only when
 * its edit time is not older than the stored edit's, so an older toggle from another device, arriving last, does not
 * bring a cleared favourite back nor clear a newer set. Clamped to server time like listings and profiles; two
 * edits both stamped ahead of the server are ordered by their stamps; ties go to the later arrival. Direct inserts
 * and deletes (older app versions) count as edits made now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { ANON, asUser, attempt, createListing, createUser, run } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let seller: string
let buyer: string

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  seller = await createUser(db)
  buyer = await createUser(db)
})

afterAll(async () => {
  await ts?.stop()
})

const HOUR_MS = 3600_000
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()
/** A stamp an hour (and `s` seconds) ahead of the server's clock: a device whose clock runs ahead. */
const aheadBy = (s: number) => () => new Date(Date.now() + HOUR_MS + s * 1000).toISOString()
/** A stamp from a right clock, taken once the clock has moved past the previous statement's time (no fixed wait). */
async function rightNow(): Promise<string> {
  const t = Date.now()
  while (Date.now() < t + 2) await new Promise((resolve) => setImmediate(resolve))
  return new Date().toISOString()
}

const setFavourite = (listing: string, favourite: boolean, editedAt: string | null) =>
  run(db, asUser(buyer), `select public.set_favourite($1, $2, $3, $4)`, [
    listing,
    favourite,
    editedAt ?? minutesAgo(60),
    editedAt,
  ])
const isFavourite = async (listing: string) =>
  (await run(db, null, `select 1 from public.favorites where user_id = $1 and listing_id = $2`, [buyer, listing]))
    .length === 1

type Edit = [favourite: boolean, editedAt: () => string | null | Promise<string>]

describe('set_favourite: last edit wins', () => {
  it.each<[string, Edit[], boolean]>([
    ['a set', [[true, () => minutesAgo(5)]], true],
    [
      'a clear of a set made earlier',
      [
        [true, () => minutesAgo(5)],
        [false, () => minutesAgo(4)],
      ],
      false,
    ],
    [
      'an older set arriving after a newer clear: stale',
      [
        [true, () => minutesAgo(5)],
        [false, () => minutesAgo(3)],
        [true, () => minutesAgo(4)],
      ],
      false,
    ],
    [
      'an older clear arriving after a newer set: stale',
      [
        [true, () => minutesAgo(3)],
        [false, () => minutesAgo(4)],
      ],
      true,
    ],
    [
      'a tie: the later arrival wins',
      [
        [true, () => '2026-01-01T00:00:00.000Z'],
        [false, () => '2026-01-01T00:00:00.000Z'],
      ],
      false,
    ],
    [
      'an edit without a time counts as made now',
      [
        [true, () => minutesAgo(5)],
        [false, () => null],
      ],
      false,
    ],
    [
      'a clock ahead is clamped: a later right clock wins',
      [
        [true, aheadBy(5)],
        [false, rightNow],
      ],
      false,
    ],
    [
      'two edits ahead: the older stamp arriving last is stale',
      [
        [false, aheadBy(5)],
        [true, aheadBy(2)],
      ],
      false,
    ],
    [
      'two edits ahead: the newer stamp arriving last wins',
      [
        [true, aheadBy(2)],
        [false, aheadBy(5)],
      ],
      false,
    ],
  ])('%s', async (_, edits, expected) => {
    const listing = await createListing(db, seller)
    for (const [favourite, at] of edits) await setFavourite(listing, favourite, await at())
    expect(await isFavourite(listing)).toBe(expected)
  })

  it('a direct delete (an older app version) is an edit made now: an older set arriving later is stale', async () => {
    const listing = await createListing(db, seller)
    await setFavourite(listing, true, minutesAgo(10))
    await run(db, asUser(buyer), `delete from public.favorites where user_id = $1 and listing_id = $2`, [
      buyer,
      listing,
    ])
    await setFavourite(listing, true, minutesAgo(5))
    expect(await isFavourite(listing)).toBe(false)
  })

  it('refuses an edit time that is not a finite time', async () => {
    const listing = await createListing(db, seller)
    expect(
      await attempt(db, asUser(buyer), `select public.set_favourite($1, true, null, 'infinity')`, [listing]),
    ).toMatchObject({ ok: false, code: '22008' })
  })

  it('keeps the device time of the favourite (clamped) and sets it once', async () => {
    const listing = await createListing(db, seller)
    await run(db, asUser(buyer), `select public.set_favourite($1, true, $2, $3)`, [
      listing,
      '2999-01-01T00:00:00Z',
      minutesAgo(2),
    ])
    await run(db, asUser(buyer), `select public.set_favourite($1, true, $2, $3)`, [
      listing,
      '2020-01-01T00:00:00Z',
      minutesAgo(1),
    ])
    const rows = await run<{ future: boolean }>(
      db,
      null,
      `select created_at > now() + interval '1 minute' as future from public.favorites where user_id = $1 and listing_id = $2`,
      [buyer, listing],
    )
    expect(rows).toEqual([{ future: false }])
  })

  it('writes only the caller own favourites; visitors and direct writes of the edit table are refused', async () => {
    const listing = await createListing(db, seller)
    await run(db, asUser(seller), `select public.set_favourite($1, true, null, null)`, [listing])
    expect(await run(db, null, `select user_id from public.favorites where listing_id = $1`, [listing])).toEqual([
      { user_id: seller },
    ])
    expect(await attempt(db, ANON, `select public.set_favourite($1, true, null, null)`, [listing])).toMatchObject({
      ok: false,
      code: '42501',
    })
    const forge = `insert into public.favorite_edits (user_id, listing_id, favourite, edited_at, device_edited_at) values ($1, $2, false, now(), now())`
    expect(await attempt(db, asUser(buyer), forge, [buyer, listing])).toMatchObject({ ok: false, code: '42501' })
    expect(
      await run(db, asUser(buyer), `select user_id from public.favorite_edits where listing_id = $1`, [listing]),
    ).toEqual([])
  })
})

// A filter value that is no boolean is Postgres's 22P02 (400), as on a hosted database: PGlite reads parameter text
// on the client side and threw a plain Error for it, which the API answered 500 (supabase/local/db/database.ts).
describe('a boolean column filtered with a value that is no boolean', () => {
  it.each(['eq.x', 'gt.00000000-0000-4000-8000-000000000001', 'in.(true,maybe)'])(
    'favourite=%s answers 400 22P02',
    async (filter) => {
      const user = await ts.newUser()
      const res = await fetch(
        `${ts.url}/rest/v1/favorite_edits?select=listing_id&favourite=${encodeURIComponent(filter)}`,
        {
          headers: { apikey: ts.anonKey, Authorization: `Bearer ${user.accessToken}` },
        },
      )
      expect(res.status).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe('22P02')
    },
  )

  it('favourite=eq.true still filters', async () => {
    const user = await ts.newUser()
    const { error, status } = await user.client.from('favorite_edits').select('listing_id').eq('favourite', true)
    expect(error).toBeNull()
    expect(status).toBe(200)
  })
})
