/**
 * Places stored as codes (migration 20261127170000_place_codes, docs/decisions.md#D-place-codes): a coded location
 * is searched and filtered by its names in the four languages, and the migration's conversion turns a listing whose
 * whole location is a known name into the code without counting it as the seller's edit.
 */
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { MIGRATIONS_DIR } from '../local/db/migrate.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { createUser, insertListingRow, run } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let seller: string

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  seller = await createUser(db, { firstName: 'Anna', lastName: 'Keller' })
})

afterAll(async () => {
  await ts?.stop()
})

const insertListing = (location: string | null): Promise<string> =>
  insertListingRow(db, seller, { location, edited_at: '2026-11-01T10:00:00Z' })

const listing = async (id: string) =>
  (
    await run<{ location: string | null; edited_at: Date; updated_at: Date }>(
      db,
      null,
      'select location, edited_at, updated_at from public.listings where id = $1',
      [id],
    )
  )[0]!

const search = async (id: string) =>
  (
    await run<{ search_text: string; location_words: string }>(
      db,
      null,
      'select search_text, location_words from private.listing_search where listing_id = $1',
      [id],
    )
  )[0]!

describe('a coded location on the server', () => {
  it('is searched and filtered by its names in every language, not by its code', async () => {
    const id = await insertListing('CH-GR')
    const { search_text, location_words } = await search(id)
    for (const word of ['graubunden', 'graubuenden', 'grisons', 'grigioni']) {
      expect(search_text.split(' ')).toContain(word)
      expect(location_words).toContain(` ${word} `)
    }
    expect(search_text).not.toMatch(/\bch\b/)
  })

  it('finds a coded town with the city filter', async () => {
    const id = await insertListing('CH-GE-geneve')
    expect((await search(id)).location_words).toContain(' geneve ')
  })

  it('keeps an unknown code as text', async () => {
    const id = await insertListing('CH-ZZ')
    expect((await search(id)).location_words).toBe(' ch zz ')
  })
})

describe('the migration’s conversion of stored names', () => {
  const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, '20261127170000_place_codes.sql'), 'utf8')
  const conversion = sql.slice(sql.indexOf('alter table public.listings disable trigger'))

  it('turns a whole known name into its code, keeps anything else and leaves the edit time', async () => {
    const cases: [string | null, string | null][] = [
      ['Genève', 'CH-GE-geneve'],
      [' st. gallen ', 'CH-SG-st-gallen'],
      ['Zuerich', 'CH-ZH-zurich'],
      ['Grisons', 'CH-GR'],
      ['Zürich', 'CH-ZH-zurich'],
      ['1204 Genève', '1204 Genève'],
      ['Bernhardzell', 'Bernhardzell'],
      [null, null],
    ]
    const ids = await Promise.all(cases.map(([location]) => insertListing(location)))
    const before = await Promise.all(ids.map(listing))
    expect(conversion).toMatch(/^alter table public\.listings disable trigger[\s\S]*enable trigger/)
    await db.withClaims(null, (tx) => tx.exec(conversion))
    const after = await Promise.all(ids.map(listing))
    expect(after.map((l) => l.location)).toEqual(
      cases.map(([typed, stored]) => (stored === typed ? (typed?.trim() ?? null) : stored)),
    )
    after.forEach((l, i) => {
      expect(l.edited_at).toEqual(before[i]!.edited_at)
      if (after[i]!.location !== before[i]!.location) expect(l.updated_at > before[i]!.updated_at).toBe(true)
    })
    expect((await search(ids[0]!)).search_text.split(' ')).toContain('ginevra')
    // The edit rule is back: a seller's edit moves edited_at again.
    await run(db, null, `update public.listings set title = 'Wool coat, long' where id = $1`, [ids[0]])
    expect((await listing(ids[0]!)).edited_at > before[0]!.edited_at).toBe(true)
  })
})
