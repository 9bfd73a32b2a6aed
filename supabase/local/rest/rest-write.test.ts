/**
 * Conformance of writes, rpc, auth and error mapping of /rest/v1 with PostgREST: insert (one, many, columns=,
 * missing=default), upsert, update, delete, Prefer return/count/tx, single objects on writes, RLS as the caller.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { createFixture, SELLER_A, SELLER_B, userClient, userToken } from '../testing/rest-fixture.ts'

let ts: TestStack
let anon: SupabaseClient
let sellerA: SupabaseClient
let sellerB: SupabaseClient
let tokenA: string

beforeAll(async () => {
  ts = await startTestStack()
  await createFixture(ts)
  anon = ts.anon()
  tokenA = await userToken(ts, SELLER_A)
  sellerA = userClient(ts, tokenA)
  sellerB = userClient(ts, await userToken(ts, SELLER_B))
})

afterAll(async () => {
  await ts?.stop()
})

async function itemTitle(id: number): Promise<string | null> {
  const { rows } = await ts.stack.ctx.db.pg.query<{ title: string }>('select title from public.items where id = $1', [
    id,
  ])
  return rows[0]?.title ?? null
}

function raw(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${ts.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: ts.anonKey,
      Authorization: `Bearer ${tokenA}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  })
}

describe('insert', () => {
  it('inserts one row with 201 and no body by default', async () => {
    const { data, error, status } = await sellerA
      .from('items')
      .insert({ seller_id: SELLER_A, title: 'Lamp', price: 10 })
    expect([data, error, status]).toEqual([null, null, 201])
    const { rows } = await ts.stack.ctx.db.pg.query(`select status from public.items where title = 'Lamp'`)
    expect(rows).toEqual([{ status: 'active' }])
  })

  it('returns the inserted row as one object with .select().single(), defaults filled', async () => {
    const { data, error, status } = await sellerA
      .from('items')
      .insert({ seller_id: SELLER_A, title: 'Chair', price: 19.9 })
      .select('id, title, price, status, tags, sellers(name)')
      .single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(data).toMatchObject({ title: 'Chair', price: 19.9, status: 'active', tags: [], sellers: { name: 'Anna' } })
  })

  it('inserts many rows with columns= and NULL for missing keys, count in Content-Range', async () => {
    const { data, count, error } = await sellerA
      .from('items')
      .insert(
        [
          { seller_id: SELLER_A, title: 'Cap', price: 5, slug: 'cap' },
          { seller_id: SELLER_A, title: 'Sock', price: 2 },
        ],
        { count: 'exact' },
      )
      .select('title, slug')
    expect(error).toBeNull()
    expect(count).toBe(2)
    expect(data).toEqual([
      { title: 'Cap', slug: 'cap' },
      { title: 'Sock', slug: null },
    ])
  })

  it('uses column defaults for missing keys with missing=default', async () => {
    const { data, error } = await sellerA
      .from('items')
      .insert(
        [
          { seller_id: SELLER_A, title: 'Belt', price: 7, status: 'draft' },
          { seller_id: SELLER_A, title: 'Tie', price: 8 },
        ],
        { defaultToNull: false },
      )
      .select('title, status')
    expect(error).toBeNull()
    expect(data).toEqual([
      { title: 'Belt', status: 'draft' },
      { title: 'Tie', status: 'active' },
    ])
  })

  it('answers 409 23505 for a duplicate unique key', async () => {
    const { error, status } = await sellerA
      .from('items')
      .insert({ seller_id: SELLER_A, title: 'Dup', price: 1, slug: 'red-bike' })
    expect(status).toBe(409)
    expect(error?.code).toBe('23505')
  })

  it('answers 400 23514 for a check violation and 409 23503 for a missing foreign key', async () => {
    const check = await sellerA.from('items').insert({ seller_id: SELLER_A, title: 'Neg', price: -1 })
    expect([check.status, check.error?.code]).toEqual([400, '23514'])
    const fk = await sellerA.from('photos').insert({ item_id: 9999, url: 'x', position: 1 })
    expect(fk.error?.code).toMatch(/^(23503|42501)$/)
  })

  it('answers 400 PGRST204 for a payload column that does not exist, and changes nothing', async () => {
    const { error, status } = await sellerA
      .from('items')
      .insert({ seller_id: SELLER_A, title: 'Ghost', price: 1, colour: 'x' })
    expect(status).toBe(400)
    expect(error?.code).toBe('PGRST204')
    expect(error?.message).toContain("'colour'")
    const { rows } = await ts.stack.ctx.db.pg.query(`select 1 from public.items where title = 'Ghost'`)
    expect(rows).toHaveLength(0)
  })

  it('answers 400 PGRST102 for a body that is not JSON', async () => {
    const res = await raw('items', { method: 'POST', body: '{"title": ' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'PGRST102' })
  })
})

describe('RLS on writes', () => {
  it('answers 401 42501 to anon writes and 403 42501 to a user writing as someone else', async () => {
    const asAnon = await anon.from('items').insert({ seller_id: SELLER_A, title: 'Anon', price: 1 })
    expect([asAnon.status, asAnon.error?.code]).toEqual([401, '42501'])
    const asOther = await sellerB.from('items').insert({ seller_id: SELLER_A, title: 'Forged', price: 1 })
    expect([asOther.status, asOther.error?.code]).toEqual([403, '42501'])
    expect(
      await ts.stack.ctx.db.pg.query(`select 1 from public.items where title in ('Anon', 'Forged')`),
    ).toMatchObject({ rows: [] })
  })

  it("updates and deletes only the caller's own rows", async () => {
    const { data } = await sellerB.from('items').update({ title: 'Stolen' }).eq('id', 1).select()
    expect(data).toEqual([])
    expect(await itemTitle(1)).toBe('Red bike')
    const del = await sellerB.from('items').delete().eq('id', 2).select('id')
    expect(del.data).toEqual([])
    expect(await itemTitle(2)).toBe('Blue jacket')
  })
})

describe('upsert', () => {
  it('merges duplicates on the primary key with resolution=merge-duplicates', async () => {
    const { data, error } = await sellerA
      .from('items')
      .upsert({ id: 5, seller_id: SELLER_A, title: 'Old boots (resoled)', price: 35 })
      .select('id, title, price')
    expect(error).toBeNull()
    expect(data).toEqual([{ id: 5, title: 'Old boots (resoled)', price: 35 }])
  })

  it('ignores duplicates on on_conflict with resolution=ignore-duplicates', async () => {
    const { error, status } = await sellerA
      .from('items')
      .upsert(
        { seller_id: SELLER_A, title: 'Other bike', price: 1, slug: 'red-bike' },
        { onConflict: 'slug', ignoreDuplicates: true },
      )
    expect([error, status]).toEqual([null, 201])
    expect(await itemTitle(1)).toBe('Red bike')
  })

  it('upserts many rows with missing=default: a new row takes the defaults, a merged one is set to them', async () => {
    const { data, status, error } = await sellerA
      .from('items')
      .upsert(
        [
          { id: 5, seller_id: SELLER_A, title: 'Old boots', price: 30, status: 'draft' },
          { id: 905, seller_id: SELLER_A, title: 'Scarf', price: 9 },
        ],
        { defaultToNull: false },
      )
      .select('id, title, status')
      .order('id')
    expect([status, error]).toEqual([201, null])
    expect(data).toEqual([
      { id: 5, title: 'Old boots', status: 'draft' },
      { id: 905, title: 'Scarf', status: 'active' },
    ])
    // A key that another row of the body carries, missing from this one: its default is what the merge writes.
    const again = await sellerA
      .from('items')
      .upsert(
        [
          { id: 5, seller_id: SELLER_A, title: 'Old boots', price: 30 },
          { id: 905, seller_id: SELLER_A, title: 'Scarf', price: 9, status: 'draft' },
        ],
        { defaultToNull: false },
      )
      .select('id, status')
      .order('id')
    expect(again.data).toEqual([
      { id: 5, status: 'active' },
      { id: 905, status: 'draft' },
    ])
  })

  it('answers 200 when every row of a missing=default upsert merged into an existing one, as without it', async () => {
    const rows = [
      { id: 5, seller_id: SELLER_A, title: 'Old boots', price: 31 },
      { id: 905, seller_id: SELLER_A, title: 'Scarf', price: 8 },
    ]
    const withDefaults = await sellerA.from('items').upsert(rows, { defaultToNull: false })
    const withNulls = await sellerA.from('items').upsert(rows.map((r) => ({ ...r, status: 'active' })))
    expect([withDefaults.status, withDefaults.error]).toEqual([200, null])
    expect([withNulls.status, withNulls.error]).toEqual([200, null])
  })

  it('answers 400 PGRST204 for an on_conflict column that does not exist', async () => {
    const { status, error } = await sellerA.from('items').upsert({ id: 1, title: 'x' }, { onConflict: 'nope' })
    expect([status, error?.code]).toEqual([400, 'PGRST204'])
  })
})

describe('update and delete', () => {
  it('updates with 204 by default and 200 with the rows when asked', async () => {
    const plain = await sellerA.from('items').update({ price: 44 }).eq('id', 2)
    expect([plain.status, plain.data]).toEqual([204, null])
    const rep = await sellerA.from('items').update({ price: 43 }).eq('id', 2).select('id, price').single()
    expect([rep.status, rep.data]).toEqual([200, { id: 2, price: 43 }])
  })

  it('returns only the selected columns of a write, so column privileges allow a narrow select', async () => {
    const narrow = await sellerA
      .from('accounts')
      .update({ name: 'Anna M.' })
      .eq('id', SELLER_A)
      .select('id, name')
      .single()
    expect(narrow.error).toBeNull()
    expect(narrow.data).toEqual({ id: SELLER_A, name: 'Anna M.' })
    const star = await sellerA.from('accounts').update({ name: 'Anna X.' }).eq('id', SELLER_A).select()
    expect([star.status, star.error?.code]).toEqual([403, '42501'])
  })

  it('rolls back a write whose representation is not exactly one row under .single() (406)', async () => {
    const { status, error } = await sellerA
      .from('items')
      .update({ title: 'Everything' })
      .eq('seller_id', SELLER_A)
      .select()
      .single()
    expect([status, error?.code]).toEqual([406, 'PGRST116'])
    expect(await itemTitle(1)).toBe('Red bike')
  })

  it('rolls back with Prefer: tx=rollback but still answers with the representation', async () => {
    const { data } = await sellerA.from('items').update({ title: 'Temporary' }).eq('id', 1).select('title').rollback()
    expect(data).toEqual([{ title: 'Temporary' }])
    expect(await itemTitle(1)).toBe('Red bike')
  })

  it('deletes with 204, or 200 with the deleted rows, and counts them', async () => {
    await sellerA.from('items').insert([
      { seller_id: SELLER_A, title: 'Bin 1', price: 1 },
      { seller_id: SELLER_A, title: 'Bin 2', price: 1 },
    ])
    const rep = await sellerA
      .from('items')
      .delete({ count: 'exact' })
      .like('title', 'Bin*')
      .select('title')
      .order('title')
    expect(rep.status).toBe(200)
    expect(rep.count).toBe(2)
    expect((rep.data ?? []).map((r) => r.title).sort()).toEqual(['Bin 1', 'Bin 2'])
    const none = await sellerA.from('items').delete().eq('title', 'Bin 1')
    expect([none.status, none.data]).toEqual([204, null])
    await sellerA.from('items').insert({ seller_id: SELLER_A, title: 'Bin 3', price: 1 })
    const minimal = await sellerA.from('items').delete({ count: 'exact' }).eq('title', 'Bin 3')
    expect([minimal.status, minimal.count]).toEqual([204, 1])
  })
})

describe('rpc', () => {
  it('calls a scalar function with named args by POST and by GET', async () => {
    expect((await anon.rpc('add_them', { a: 2, b: 3 })).data).toBe(5)
    expect((await anon.rpc('add_them', { a: 2, b: 40 }, { get: true })).data).toBe(42)
    expect((await anon.rpc('tag_count', { tags: ['x', 'y', 'z'] })).data).toBe(3)
    expect((await anon.rpc('tag_count', { tags: ['x', 'y'] }, { get: true })).data).toBe(2)
  })

  it('applies select, filters and order to a set-returning function', async () => {
    const { data, error } = await anon
      .rpc('items_cheaper_than', { max_price: 50 })
      .select('id')
      .lt('id', 5)
      .order('id', { ascending: false })
    expect(error).toBeNull()
    expect(data).toEqual([{ id: 3 }, { id: 2 }])
  })

  it('runs functions as the caller (auth.uid() from request.jwt.claims)', async () => {
    expect((await sellerA.rpc('whoami')).data).toBe(SELLER_A)
    expect((await anon.rpc('whoami')).data).toBeNull()
  })

  it('answers a void function with no content', async () => {
    const { data, error, status } = await anon.rpc('touch')
    expect([data, error, status]).toEqual([null, null, 204])
  })

  it('maps raise exception to 400 P0001 with its hint, and sqlstate PTnnn to status nnn', async () => {
    const refused = await anon.rpc('refuse')
    expect(refused.status).toBe(400)
    expect(refused.error).toEqual({ code: 'P0001', message: 'not today', details: null, hint: 'try tomorrow' })
    const pay = await anon.rpc('pay')
    expect([pay.status, pay.error?.message]).toEqual([402, 'Payment required'])
  })

  it('answers 404 PGRST202 for an unknown function or unknown argument names', async () => {
    expect((await anon.rpc('nope')).error?.code).toBe('PGRST202')
    const wrongArgs = await anon.rpc('add_them', { a: 1, c: 2 })
    expect([wrongArgs.status, wrongArgs.error?.code]).toEqual([404, 'PGRST202'])
  })
})

describe('auth and routing', () => {
  it('answers 401 without an apikey', async () => {
    const res = await fetch(`${ts.url}/rest/v1/items`)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'No API key found in request' })
  })

  it('answers 401 PGRST301 for a bad JWT and PGRST303 for an expired one', async () => {
    const bad = await raw('items', { headers: { Authorization: 'Bearer not.a.jwt' } })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toMatchObject({ code: 'PGRST301' })
    const expired = await ts.stack.ctx.jwt.sign({ sub: SELLER_A, role: 'authenticated' }, -10)
    const res = await raw('items', { headers: { Authorization: `Bearer ${expired}` } })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
  })

  it('answers 404 PGRST205 for an unknown table and 406 PGRST106 for another schema', async () => {
    const { status, error } = await anon.from('nope').select('*')
    expect([status, error?.code]).toEqual([404, 'PGRST205'])
    const res = await raw('items', { headers: { 'Accept-Profile': 'auth' } })
    expect([res.status, (await res.json()).code]).toEqual([406, 'PGRST106'])
  })

  it("sees a table created later once `notify pgrst, 'reload schema'` ran", async () => {
    expect((await anon.from('late').select('*')).status).toBe(404)
    await ts.stack.ctx.db.pg.exec(`create table public.late (id int primary key); insert into public.late values (7);
      grant select on public.late to anon; notify pgrst, 'reload schema';`)
    expect((await anon.from('late').select('*')).data).toEqual([{ id: 7 }])
  })
})
