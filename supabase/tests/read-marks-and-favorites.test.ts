/**
 * Server rules of the screens' operations (migrations 20261123001100 favorites, 20261123001200 read marks):
 * read marks move only the caller's own column, only forward, clamped to server time, through
 * mark_conversation_read and never touch last_message_at; favourites are idempotent sets and keep the device's time
 * clamped to now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { ANON, asUser, attempt, createListing, createUser, run } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let seller: string
let buyer: string
let other: string
let listing: string
let conversation: string

type Marks = {
  buyer_last_read_at: string | null
  seller_last_read_at: string | null
  last_message_at: string
  updated_at: string
}

const marks = async (): Promise<Marks> =>
  (
    await run<Marks>(
      db,
      null,
      `select buyer_last_read_at::text, seller_last_read_at::text, last_message_at::text, updated_at::text from public.conversations where id = $1`,
      [conversation],
    )
  )[0]!

const MARK = `select * from public.mark_conversation_read($1, $2)`
/** Marks and commits; returns the rows the function gave back. */
const markRead = (who: string, at: string) => run(db, asUser(who), MARK, [conversation, at])

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  seller = await createUser(db, { firstName: 'Sara', lastName: 'Seller' })
  buyer = await createUser(db, { firstName: 'Bo', lastName: 'Buyer' })
  other = await createUser(db, { firstName: 'Otto', lastName: 'Other' })
  listing = await createListing(db, seller)
  const [c] = await run<{ id: string }>(
    db,
    null,
    `insert into public.conversations (listing_id, buyer_id, seller_id) values ($1, $2, $3) returning id`,
    [listing, buyer, seller],
  )
  conversation = c!.id
})

afterAll(async () => {
  await ts?.stop()
})

describe('mark_conversation_read', () => {
  it('moves only the caller’s own column, and leaves last_message_at alone', async () => {
    const before = await marks()
    expect(await markRead(buyer, '2020-01-01T00:00:00Z')).toHaveLength(1)
    const after = await marks()
    expect(after.buyer_last_read_at).toMatch(/^2020-01-01 00:00:00/)
    expect(after.seller_last_read_at).toBeNull()
    expect(after.last_message_at).toBe(before.last_message_at)
    expect(after.updated_at > before.updated_at).toBe(true) // pulls and realtime carry the mark to other devices

    await markRead(seller, '2020-02-01T00:00:00Z')
    const both = await marks()
    expect(both.seller_last_read_at).toMatch(/^2020-02-01/)
    expect(both.buyer_last_read_at).toMatch(/^2020-01-01/)
  })

  it('never moves a mark back, and an unchanged mark does not touch updated_at', async () => {
    const before = await marks()
    expect(await markRead(buyer, '2019-06-01T00:00:00Z')).toHaveLength(1)
    const after = await marks()
    expect(after.buyer_last_read_at).toBe(before.buyer_last_read_at)
    expect(after.updated_at).toBe(before.updated_at)
  })

  it('clamps a mark ahead of the server clock to now()', async () => {
    await markRead(buyer, '2999-01-01T00:00:00Z')
    const rows = await run<{ ahead: boolean }>(
      db,
      null,
      `select buyer_last_read_at > now() + interval '1 minute' as ahead from public.conversations where id = $1`,
      [conversation],
    )
    expect(rows).toEqual([{ ahead: false }])
  })

  it('changes nothing for someone outside the conversation, and refuses visitors', async () => {
    const before = await marks()
    expect(await markRead(other, '2030-01-01T00:00:00Z')).toEqual([])
    expect(await marks()).toEqual(before)
    const anon = await attempt(db, ANON, MARK, [conversation, '2030-01-01T00:00:00Z'])
    expect(anon.ok ? 'ok' : anon.code).toBe('42501')
  })

  it('is the only way: participants cannot update conversations directly', async () => {
    const r = await attempt(
      db,
      asUser(buyer),
      `update public.conversations set buyer_last_read_at = now() where id = $1`,
      [conversation],
    )
    expect(r.ok ? 'ok' : r.code).toBe('42501')
  })
})

describe('favorites', () => {
  it('setting a favourite twice is one row (ON CONFLICT DO NOTHING), and the device time is clamped to now()', async () => {
    const sql = `insert into public.favorites (user_id, listing_id, created_at) values ($1, $2, $3) on conflict (user_id, listing_id) do nothing`
    await run(db, asUser(buyer), sql, [buyer, listing, '2999-01-01T00:00:00Z'])
    expect(await attempt(db, asUser(buyer), sql, [buyer, listing, '2020-01-01T00:00:00Z'])).toMatchObject({
      ok: true,
      affected: 0,
    })
    const rows = await run<{ future: boolean }>(
      db,
      null,
      `select created_at > now() + interval '1 minute' as future from public.favorites where user_id = $1`,
      [buyer],
    )
    expect(rows).toEqual([{ future: false }])
  })

  it('outlives its listing (no foreign key), and goes with its user', async () => {
    const gone = await createListing(db, seller, { title: 'Wool hat' })
    await run(db, null, `insert into public.favorites (user_id, listing_id) values ($1, $2)`, [other, gone])
    await run(db, null, `delete from public.listings where id = $1`, [gone])
    expect(
      await run(db, null, `select 1 from public.favorites where user_id = $1 and listing_id = $2`, [other, gone]),
    ).toHaveLength(1)
    await run(db, null, `delete from public.profiles where id = $1`, [other])
    expect(await run(db, null, `select 1 from public.favorites where user_id = $1`, [other])).toHaveLength(0)
  })
})
