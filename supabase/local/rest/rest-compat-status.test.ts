/**
 * PostgREST v13 conformance (docs/decisions.md#D-postgrest-parity), part 1: counts and statuses, single-object wording, rpc overload
 * resolution and its errors, max-affected, and the media types (CSV, stripped nulls). Own fixture schema
 * (testing/rest-compat-fixture.ts) in a fresh stack; requests through supabase-js and raw fetch.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { COMPAT_SCHEMAS, createCompatFixture } from '../testing/rest-compat-fixture.ts'

let ts: TestStack
let anon: SupabaseClient
const previousSchemas = process.env.KREIS_API_SCHEMAS

beforeAll(async () => {
  process.env.KREIS_API_SCHEMAS = COMPAT_SCHEMAS
  ts = await startTestStack()
  await createCompatFixture(ts)
  anon = ts.anon()
})

afterAll(async () => {
  if (previousSchemas === undefined) delete process.env.KREIS_API_SCHEMAS
  else process.env.KREIS_API_SCHEMAS = previousSchemas
  await ts?.stop()
})

function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return fetch(`${ts.url}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: { apikey: ts.anonKey, ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
    body: init.body,
  })
}

describe('counts and range statuses', () => {
  it('answers 200 with an exact count covering every row, 206 when the page is a part', async () => {
    const all = await anon.from('members').select('handle', { count: 'exact' })
    expect([all.status, all.count]).toEqual([200, 3])
    const page = await raw('members?select=handle&limit=2', { headers: { Prefer: 'count=exact' } })
    expect(page.status).toBe(206)
    expect(page.headers.get('content-range')).toBe('0-1/3')
  })

  it('answers 416 PGRST103 for an offset past the counted rows', async () => {
    const res = await raw('members?select=handle&offset=5', { headers: { Prefer: 'count=exact' } })
    expect(res.status).toBe(416)
    expect(await res.json()).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 5 was requested, but there are only 3 rows.',
    })
  })

  it('gives a planned count from the planner and 206 for a head request whose estimate exceeds the rows', async () => {
    // Never analysed, the planner guesses far more rows than the three there are (as for the upstream suite).
    const res = await anon.from('members').select('*', { head: true, count: 'planned' })
    expect(res.error).toBeNull()
    expect(res.count).toEqual(expect.any(Number))
    expect(res.count).toBeGreaterThan(3)
    expect(res.status).toBe(206)
  })

  it('gives an estimated count equal to the exact one below db-max-rows', async () => {
    const res = await anon.from('members').select('*', { head: true, count: 'estimated' })
    expect([res.status, res.count]).toEqual([200, 3])
  })

  it('counts an rpc: a scalar is one row, a set its filtered rows', async () => {
    const scalar = await anon.rpc('answer', {}, { count: 'exact' })
    expect([scalar.status, scalar.data, scalar.count]).toEqual([200, 42, 1])
    const head = await anon.rpc('answer', {}, { head: true, count: 'exact' })
    expect([head.status, head.count]).toEqual([200, 1])
    const set = await anon.rpc('all_posts', {}, { count: 'exact' }).eq('author', 'ada')
    expect([set.status, set.count]).toEqual([200, 2])
    const planned = await anon.rpc('all_posts', {}, { count: 'planned', get: true })
    expect(planned.count).toEqual(expect.any(Number))
  })
})

describe('insert and upsert statuses', () => {
  it('answers 201 for an insert, 200 for an upsert that only updated, 201 when it inserted', async () => {
    const ins = await anon.from('rooms').insert({ id: 10, slug: 'ten' }).select()
    expect(ins.status).toBe(201)
    const updated = await anon.from('rooms').upsert({ id: 10, slug: 'TEN' }, { count: 'exact' }).select()
    expect([updated.status, updated.count, updated.data]).toEqual([200, 1, [{ id: 10, slug: 'TEN' }]])
    const minimal = await anon.from('rooms').upsert({ id: 10, slug: 'Ten' })
    expect(minimal.status).toBe(200)
    const mixed = await anon
      .from('rooms')
      .upsert([
        { id: 10, slug: 'ten' },
        { id: 11, slug: 'eleven' },
      ])
      .select()
    expect(mixed.status).toBe(201)
    const ignored = await anon.from('rooms').upsert({ id: 11, slug: 'x' }, { ignoreDuplicates: true })
    expect(ignored.status).toBe(201)
  })
})

describe('single objects', () => {
  it('words PGRST116 as the current PostgREST does', async () => {
    const many = await anon.from('members').select('handle').single()
    expect(many.status).toBe(406)
    expect(many.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 3 rows',
      hint: null,
    })
  })
})

describe('rpc overloads and errors', () => {
  it('picks the overload whose required and optional parameters fit the arguments', async () => {
    expect((await anon.rpc('pick', { c: 'x' })).data).toBe('text')
    expect((await anon.rpc('pick', { a: 1, b: 3 })).data).toBe('int,int')
  })

  it('answers 300 PGRST203 with the candidates and the hint when two overloads fit', async () => {
    const res = await anon.rpc('pick', { a: 1 })
    expect(res.status).toBe(300)
    expect(res.error).toEqual({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => integer, b => integer)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    })
    const twin = await anon.rpc('twin', { a: 1 })
    expect(twin.error?.message).toBe(
      'Could not choose the best candidate function between: public.twin(a => integer), public.twin(a => text)',
    )
  })

  it('answers 404 PGRST202 with the searched parameters and a close function or parameter list as hint', async () => {
    const typo = await anon.rpc('answr', {})
    expect(typo.status).toBe(404)
    expect(typo.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.answr without parameters in the schema cache',
      details:
        'Searched for the function public.answr without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.answer',
    })
    // A name hint needs PostgREST's 0.75 score: a far name is not revealed.
    expect((await anon.rpc('answer_all', {})).error?.hint).toBeNull()
    const params = await anon.rpc('pick', { cc: 'x' })
    expect(params.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.pick(cc) in the schema cache',
      details:
        'Searched for the function public.pick with parameter cc or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.pick(c)',
    })
    // PostgREST lists the searched parameters sorted, whatever order they came in.
    const get = await anon.rpc('pick', { z: 2, a: 1 }, { get: true })
    expect(get.error?.details).toBe(
      'Searched for the function public.pick with parameters a, z, but no matches were found in the schema cache.',
    )
  })

  it('passes the whole JSON body to a single unnamed json parameter, and an unnamed text by the key ""', async () => {
    const json = await anon.rpc('echo_json', { any: 'thing', n: 1 })
    expect([json.status, json.data]).toEqual([200, { any: 'thing', n: 1 }])
    const text = await anon.rpc('echo_text', { '': 'words' })
    expect([text.status, text.data]).toEqual([200, 'got words'])
  })

  it('passes a text/plain body whole to a single unnamed text parameter', async () => {
    const res = await raw('rpc/echo_text', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'plain words',
    })
    expect([res.status, await res.json()]).toEqual([200, 'got plain words'])
    const none = await raw('rpc/answer', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' })
    expect(none.status).toBe(404)
    expect(await none.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.answer in the schema cache',
      details:
        'Searched for the function public.answer with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    })
  })

  it('does not list a function with several unnamed parameters (PostgREST cannot call it)', async () => {
    const res = await anon.rpc('two_unnamed', {})
    expect([res.status, res.error?.code]).toEqual([404, 'PGRST202'])
  })
})

describe('Prefer: max-affected', () => {
  it('rolls back an update or delete touching more rows than allowed with 400 PGRST124 (handling=strict)', async () => {
    // postgrest-js sends `.maxAffected(1)` as this Prefer (typed only for clients declaring PostgREST 13).
    const strict = { Prefer: 'handling=strict,max-affected=1' }
    const res = await raw('posts?author=eq.ada', {
      method: 'PATCH',
      headers: strict,
      body: JSON.stringify({ score: 9 }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 2 rows',
      hint: null,
    })
    const after = await anon.from('posts').select('score').eq('author', 'ada').order('id')
    expect(after.data).toEqual([{ score: 3 }, { score: 5 }])
    const del = await raw('posts?author=eq.ada', {
      method: 'DELETE',
      headers: { Prefer: 'handling=strict, max-affected=1' },
    })
    expect(del.status).toBe(400)
    expect((await anon.from('posts').select('id').eq('author', 'ada')).data).toHaveLength(2)
  })

  it('lets a write within the limit through, and ignores the limit without handling=strict', async () => {
    const ok = await raw('posts?id=eq.3&select=id,score', {
      method: 'PATCH',
      headers: { Prefer: 'handling=strict,max-affected=1,return=representation' },
      body: JSON.stringify({ score: 4 }),
    })
    expect([ok.status, await ok.json()]).toEqual([200, [{ id: 3, score: 4 }]])
    const lenient = await raw('posts?author=eq.ada', {
      method: 'PATCH',
      headers: { Prefer: 'max-affected=1' },
      body: JSON.stringify({ score: 6 }),
    })
    expect(lenient.status).toBe(204)
  })

  it('refuses max-affected on an rpc not returning a set (PGRST128) and counts a set rpc', async () => {
    const scalar = await raw('rpc/answer', {
      method: 'POST',
      headers: { Prefer: 'handling=strict, max-affected=1' },
      body: '{}',
    })
    expect(scalar.status).toBe(400)
    expect((await scalar.json()).code).toBe('PGRST128')
    const set = await raw('rpc/all_posts', {
      method: 'POST',
      headers: { Prefer: 'handling=strict, max-affected=1' },
      body: '{}',
    })
    expect(set.status).toBe(400)
    expect((await set.json()).code).toBe('PGRST124')
  })

  it('refuses unknown preferences with handling=strict (PGRST122)', async () => {
    const res = await raw('members', { headers: { Prefer: 'handling=strict, frobnicate=yes' } })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'PGRST122', details: 'Invalid preferences: frobnicate=yes' })
  })
})

describe('media types', () => {
  it('answers text/csv with a header line and one line per row', async () => {
    const { data, error } = await anon.from('members').select('handle, mood, born').order('handle').csv()
    expect(error).toBeNull()
    expect(data).toBe('handle,mood,born\nada,happy,1990\nbob,,1985\ncy,calm,2000')
    const res = await raw('rooms?select=*&id=eq.1', { headers: { Accept: 'text/csv' } })
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(await res.text()).toBe('id,slug\n1,general')
  })

  it('strips null-valued keys for ;nulls=stripped (arrays and single objects)', async () => {
    const list = await anon.from('members').select('handle, mood').order('handle').stripNulls()
    expect(list.data).toEqual([{ handle: 'ada', mood: 'happy' }, { handle: 'bob' }, { handle: 'cy', mood: 'calm' }])
    const one = await anon.from('members').select('handle, mood').eq('handle', 'bob').single().stripNulls()
    expect(one.data).toEqual({ handle: 'bob' })
    const res = await raw('members?handle=eq.bob', {
      headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    })
    expect(res.headers.get('content-type')).toContain('nulls=stripped')
  })

  it('still answers 406 PGRST107 for a plan (explain is not offered)', async () => {
    const res = await raw('members', { headers: { Accept: 'application/vnd.pgrst.plan+json' } })
    expect(res.status).toBe(406)
    expect((await res.json()).code).toBe('PGRST107')
  })

  it('refuses supabase-js explain() in text and json, on tables and rpc, as PostgREST with db-plan-enabled off', async () => {
    // docs/decisions.md#D-rest-no-explain: the plan is never shown, whatever the format or options asked.
    const asks = [
      anon.from('members').select('handle').explain(),
      anon.from('members').select('handle').explain({ format: 'json' }),
      anon.from('members').select('handle').explain({ analyze: true, verbose: true, format: 'json' }),
      anon.rpc('pick', { a: 1 }).explain({ format: 'text' }),
    ]
    for (const ask of asks) {
      const { status, error, data } = await ask
      expect([status, error?.code, data]).toEqual([406, 'PGRST107', null])
    }
  })
})

describe('exposed schemas (Accept-Profile / Content-Profile)', () => {
  it('reads and writes another exposed schema, naming it in Content-Profile', async () => {
    const shop = anon.schema('shop')
    const read = await shop.from('orders').select('id, item')
    expect([read.status, read.data]).toEqual([200, [{ id: 1, item: 'tea' }]])
    const res = await raw('orders?select=item', { headers: { 'Accept-Profile': 'shop' } })
    expect(res.headers.get('content-profile')).toBe('shop')
    const ins = await shop.from('orders').insert({ id: 2, item: 'cake' }).select('item')
    expect([ins.status, ins.data]).toEqual([201, [{ item: 'cake' }]])
    expect((await shop.rpc('order_count')).data).toBe(2)
  })

  it('uses the first schema by default, and names it too when several are exposed', async () => {
    const res = await raw('rooms?select=slug&id=eq.1')
    expect(res.headers.get('content-profile')).toBe('public')
    const missing = await anon.schema('shop').from('rooms').select()
    expect(missing.error).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'shop.rooms' in the schema cache",
    })
  })

  it('answers 406 PGRST106 for a schema that is not exposed', async () => {
    const res = await raw('rooms', { headers: { 'Accept-Profile': 'private' } })
    expect(res.status).toBe(406)
    expect(await res.json()).toEqual({
      code: 'PGRST106',
      message: 'Invalid schema: private',
      details: null,
      hint: 'Only the following schemas are exposed: public, shop',
    })
    const write = await raw('rooms', { method: 'POST', headers: { 'Content-Profile': 'auth' }, body: '{}' })
    expect(write.status).toBe(406)
  })
})
