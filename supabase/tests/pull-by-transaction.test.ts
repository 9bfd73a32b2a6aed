/**
 * The pull by transaction (migration 20261125114800): every pulled table stamps sync_xid with the writing
 * transaction's id, pull_horizon() answers the oldest transaction still in flight, and a row's updated_at never goes
 * back. PGlite runs one transaction at a time, so "in flight" cannot be staged here: the tests pin what a pull relies
 * on (the stamp, the horizon's relation to committed and later transactions, the REST filters and grants); the
 * concurrent case is src/sync/pull.test.ts on the memory server and the migration's own reasoning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack, type TestUser } from '../local/testing/test-stack.ts'
import { ANON, asUser, createListing, run } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let seller: TestUser
let buyer: TestUser

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  seller = await ts.newUser()
  buyer = await ts.newUser()
})
afterAll(() => ts?.stop())

const xidOf = async (table: string, id: string) =>
  Number(
    (await run<{ x: string }>(db, null, `select sync_xid::text as x from public.${table} where id = $1`, [id]))[0]!.x,
  )

/** Runs statements in one transaction as `claims` and returns that transaction's id. */
async function inOneTransaction(
  claims: Parameters<Database['withClaims']>[0],
  statements: [string, unknown[]][],
): Promise<number> {
  return db.withClaims(claims, async (tx) => {
    for (const [sql, params] of statements) await tx.query(sql, params)
    return Number((await tx.query<{ x: string }>(`select pg_current_xact_id()::text as x`)).rows[0]!.x)
  })
}

const horizonOver = async (method: 'GET' | 'POST', token: string | null) => {
  const res = await fetch(`${ts.url}/rest/v1/rpc/pull_horizon`, {
    method,
    headers: {
      apikey: ts.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: '{}' } : {}),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as unknown
}

describe('sync_xid', () => {
  it('is the id of the transaction that wrote the row; rows written together share it', async () => {
    const a = randomUUID()
    const b = randomUUID()
    const insert = `insert into public.listings (id, user_id, title, description, price, condition, category)
                    values ($1, $2, 'Wool coat', 'Warm', 80, 'very_good', 'women')`
    const xid = await inOneTransaction(asUser(seller.id), [
      [insert, [a, seller.id]],
      [insert, [b, seller.id]],
    ])
    expect(await xidOf('listings', a)).toBe(xid)
    expect(await xidOf('listings', b)).toBe(xid)
    const later = await inOneTransaction(asUser(seller.id), [
      [`update public.listings set title = 'Wool coat, long' where id = $1`, [a]],
    ])
    expect(later).toBeGreaterThan(xid)
    expect(await xidOf('listings', a)).toBe(later)
    expect(await xidOf('listings', b)).toBe(xid)
  })

  it('stays when an update changes nothing, or when a stale edit keeps the stored row', async () => {
    const id = await createListing(db, seller.id, { editedAt: new Date(Date.now() - 10_000) })
    const before = await xidOf('listings', id)
    await run(db, asUser(seller.id), `update public.listings set title = title where id = $1`, [id])
    expect(await xidOf('listings', id)).toBe(before)
    await run(db, asUser(seller.id), `update public.listings set title = 'Stale title', edited_at = $2 where id = $1`, [
      id,
      new Date(Date.now() - 60_000),
    ])
    expect(await xidOf('listings', id)).toBe(before)
  })

  it('cannot be set by the caller: the trigger stamps its own transaction', async () => {
    const id = randomUUID()
    const xid = await inOneTransaction(asUser(seller.id), [
      [
        `insert into public.listings (id, user_id, title, description, price, condition, category, sync_xid)
       values ($1, $2, 'Wool coat', 'Warm', 80, 'very_good', 'women', 1)`,
        [id, seller.id],
      ],
    ])
    expect(await xidOf('listings', id)).toBe(xid)
  })

  it('is stamped on profiles, conversations and messages; a message and its conversation bump share it', async () => {
    const listing = await createListing(db, seller.id)
    const conversation = randomUUID()
    const message = randomUUID()
    const opened = await inOneTransaction(asUser(buyer.id), [
      [
        `insert into public.conversations (id, listing_id, buyer_id, seller_id) values ($1, $2, $3, $4)`,
        [conversation, listing, buyer.id, seller.id],
      ],
    ])
    expect(await xidOf('conversations', conversation)).toBe(opened)
    const sent = await inOneTransaction(asUser(buyer.id), [
      [
        `insert into public.messages (id, conversation_id, listing_id, sender_id, receiver_id, content) values ($1, $2, $3, $4, $5, 'Still there?')`,
        [message, conversation, listing, buyer.id, seller.id],
      ],
    ])
    expect(await xidOf('messages', message)).toBe(sent)
    expect(await xidOf('conversations', conversation)).toBe(sent)
    const renamed = await inOneTransaction(asUser(buyer.id), [
      [`update public.profiles set first_name = 'Bea' where id = $1`, [buyer.id]],
    ])
    expect(await xidOf('profiles', buyer.id)).toBe(renamed)
  })

  it('has an index led by (sync_xid, id) and the stamping trigger last on every pulled table', async () => {
    for (const table of ['profiles', 'listings', 'conversations', 'messages']) {
      const [row] = await run<{ has_index: boolean; last_before: string }>(
        db,
        null,
        `select
           exists (select 1 from pg_indexes where schemaname = 'public' and tablename = $1 and indexdef like '%(sync_xid, id)') as has_index,
           (select t.tgname from pg_trigger t where t.tgrelid = ('public.' || $1)::regclass and not t.tgisinternal
              and (t.tgtype & 2) = 2 order by t.tgname desc limit 1) as last_before`,
        [table],
      )
      expect(row).toEqual({ has_index: true, last_before: `${table}_95_stamp_sync_xid` })
    }
  })
})

describe('pull_horizon()', () => {
  it('is above every committed transaction and not above the next one, for visitors and users, by GET and POST', async () => {
    const id = await createListing(db, seller.id)
    const written = await xidOf('listings', id)
    for (const [method, token] of [
      ['GET', null],
      ['POST', null],
      ['GET', buyer.accessToken],
      ['POST', seller.accessToken],
    ] as const) {
      const h = await horizonOver(method, token)
      expect(typeof h).toBe('number')
      expect(h as number).toBeGreaterThan(written)
      const next = await inOneTransaction(asUser(seller.id), [
        [`update public.listings set price = price + 1 where id = $1`, [id]],
      ])
      expect(next).toBeGreaterThanOrEqual(h as number)
    }
  })

  it('inside a writing transaction is that transaction (still in flight in its own snapshot)', async () => {
    const [row] = await db.withClaims(asUser(seller.id), async (tx) => {
      await tx.query(`update public.profiles set location = 'Bern' where id = $1`, [seller.id])
      return (
        await tx.query<{ h: string; x: string }>(
          `select public.pull_horizon()::text as h, pg_current_xact_id()::text as x`,
        )
      ).rows
    })
    expect(row!.h).toBe(row!.x)
  })
})

describe('the pull through REST', () => {
  it('reads the rows of transactions from the horizon on, in (sync_xid, id) pages, visitors included', async () => {
    const h = (await horizonOver('GET', null)) as number
    const first = await createListing(db, seller.id, { title: 'After the horizon' })
    const second = await createListing(db, seller.id, { title: 'Later still' })
    const page = await fetch(
      `${ts.url}/rest/v1/listings?select=id,sync_xid&sync_xid=gte.${h}&order=sync_xid,id&limit=1`,
      { headers: { apikey: ts.anonKey } },
    )
    const rows = (await page.json()) as { id: string; sync_xid: number }[]
    expect(rows).toEqual([{ id: first, sync_xid: await xidOf('listings', first) }])
    const after = rows[0]!
    const next = await fetch(
      `${ts.url}/rest/v1/listings?select=id&or=(sync_xid.gt.${after.sync_xid},and(sync_xid.eq.${after.sync_xid},id.gt.${after.id}))&order=sync_xid,id`,
      { headers: { apikey: ts.anonKey } },
    )
    expect(((await next.json()) as { id: string }[]).map((r) => r.id)).toEqual([second])
  })

  it('serves sync_xid of public profiles to visitors, and still none of their private columns', async () => {
    const { data, error } = await ts.anon().from('profiles').select('id, sync_xid').eq('id', seller.id).single()
    expect(error).toBeNull()
    expect(data!.sync_xid).toBe(await xidOf('profiles', seller.id))
    const hidden = await ts.anon().from('profiles').select('email').eq('id', seller.id)
    expect(hidden.error?.code).toBe('42501')
  })

  it('runs as the caller: RLS still decides which rows a pull sees', async () => {
    const sold = await createListing(db, seller.id, { status: 'sold', title: 'Sold coat' })
    const rows = await run<{ id: string }>(db, ANON, `select id from public.listings where sync_xid >= 0 and id = $1`, [
      sold,
    ])
    expect(rows).toEqual([])
  })
})

describe('updated_at never goes back on a row', () => {
  it('a change by a transaction whose now() is older than the stored updated_at stamps 1 µs after it', async () => {
    const id = await createListing(db, seller.id)
    // Another transaction's later commit, staged by writing the stored time ahead with the triggers off.
    await db.withClaims(null, async (tx) => {
      await tx.query(`set local session_replication_role = replica`)
      await tx.query(`update public.listings set updated_at = now() + interval '1 hour' where id = $1`, [id])
    })
    const [{ ahead }] = (await run<{ ahead: string }>(
      db,
      null,
      `select updated_at::text as ahead from public.listings where id = $1`,
      [id],
    )) as [{ ahead: string }]
    await run(db, asUser(seller.id), `update public.listings set price = 81 where id = $1`, [id])
    const [row] = await run<{ ok: boolean }>(
      db,
      null,
      `select updated_at = $2::timestamptz + interval '1 microsecond' as ok from public.listings where id = $1`,
      [id, ahead],
    )
    expect(row).toEqual({ ok: true })
  })

  it('otherwise is the transaction time, as before', async () => {
    const id = await createListing(db, seller.id)
    const [row] = await db.withClaims(asUser(seller.id), async (tx) => {
      await tx.query(`update public.listings set price = 82 where id = $1`, [id])
      return (
        await tx.query<{ same: boolean }>(`select updated_at = now() as same from public.listings where id = $1`, [id])
      ).rows
    })
    expect(row).toEqual({ same: true })
  })
})
