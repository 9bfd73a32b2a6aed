/**
 * Conformance of reads (GET/HEAD /rest/v1/:table) with PostgREST, through the real supabase-js and raw fetch:
 * select grammar, embedding, every filter operator, logic trees, ordering, paging, counts and single objects.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { createFixture, SELLER_A, userClient, userToken } from '../testing/rest-fixture.ts'

let ts: TestStack
let anon: SupabaseClient
let sellerA: SupabaseClient

beforeAll(async () => {
  ts = await startTestStack()
  await createFixture(ts)
  anon = ts.anon()
  const token = await userToken(ts, SELLER_A)
  sellerA = userClient(ts, token)
})

afterAll(async () => {
  await ts?.stop()
})

const ids = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id)

function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return fetch(`${ts.url}/rest/v1/${path}`, { method, headers: { apikey: ts.anonKey, ...headers } })
}

describe('select', () => {
  it('returns all columns with numeric as JSON numbers, arrays, jsonb and ISO timestamps', async () => {
    const { data, error } = await anon.from('items').select('*').eq('id', 1).single()
    expect(error).toBeNull()
    expect(data).toEqual({
      id: 1,
      seller_id: SELLER_A,
      title: 'Red bike',
      price: 120.5,
      status: 'active',
      tags: ['bike', 'red'],
      meta: { color: 'red', size: { eu: 42 } },
      sold_at: null,
      slug: 'red-bike',
      created_at: '2026-01-01T10:00:00+00:00',
    })
  })

  it('renames columns with alias:col, casts with ::, and reads json paths with -> and ->>', async () => {
    const { data } = await anon
      .from('items')
      .select('key:id, price::text, meta->color, eu:meta->size->>eu')
      .eq('id', 1)
      .single()
    expect(data).toEqual({ key: 1, price: '120.50', color: 'red', eu: '42' })
  })

  it('embeds many-to-one as an object and one-to-many as an ordered, limited array', async () => {
    const { data, error } = await anon
      .from('items')
      .select('id, sellers(name), photos(url, position)')
      .eq('id', 1)
      .order('position', { referencedTable: 'photos', ascending: true })
      .limit(1, { referencedTable: 'photos' })
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ id: 1, sellers: { name: 'Anna' }, photos: [{ url: 'a/1-1.jpg', position: 1 }] })
  })

  it('embeds one-to-one (unique referencing key) as an object or null', async () => {
    const { data } = await anon.from('items').select('id, item_details(fabric)').in('id', [1, 3]).order('id')
    expect(data).toEqual([
      { id: 1, item_details: { fabric: 'steel' } },
      { id: 3, item_details: null },
    ])
  })

  it('nests embeds and aliases them, with a foreign-key hint', async () => {
    const { data, error } = await anon
      .from('sellers')
      .select('name, wares:items!items_seller_id_fkey(title, photos(url))')
      .eq('name', 'Luca')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ name: 'Luca', wares: [{ title: 'Green scarf', photos: [] }] })
  })

  it('filters embedded rows without dropping parents, and drops parents with !inner', async () => {
    const plain = await anon.from('items').select('id, photos(url)').eq('photos.position', 2).order('id')
    expect(plain.data).toEqual([
      { id: 1, photos: [{ url: 'a/1-2.jpg' }] },
      { id: 2, photos: [] },
      { id: 3, photos: [] },
      { id: 5, photos: [] },
    ])
    const inner = await anon.from('items').select('id, photos!inner(url)').eq('photos.position', 2)
    expect(inner.data).toEqual([{ id: 1, photos: [{ url: 'a/1-2.jpg' }] }])
  })

  it('answers 400 PGRST200 for an embed without a relationship', async () => {
    const { error, status } = await anon.from('items').select('id, item_details!nope(fabric)')
    expect(status).toBe(400)
    expect(error?.code).toBe('PGRST200')
  })

  it('selects from a view like a table', async () => {
    const { data } = await sellerA.from('my_items').select('id, price').order('id')
    expect(data).toEqual([
      { id: 1, price: 120.5 },
      { id: 2, price: 45 },
      { id: 5, price: 30 },
    ])
  })
})

describe('filters', () => {
  it.each([
    ['eq', 'id=eq.2', [2]],
    ['neq', 'id=neq.2', [1, 3, 5]],
    ['gt', 'price=gt.45', [1]],
    ['gte', 'price=gte.45', [1, 2]],
    ['lt', 'price=lt.30', [3]],
    ['lte', 'price=lte.30', [3, 5]],
    ['like with * wildcards', 'title=like.*bike', [1]],
    ['ilike', 'title=ilike.%25BLUE%25', [2]],
    ['is null', 'slug=is.null', [3, 5]],
    ['not.is null', 'slug=not.is.null', [1, 2]],
    ['in with quoted values', 'title=in.("Red bike","Green scarf")', [1, 3]],
    ['in with a quoted comma', 'tags=cs.{"a,b"}', [5]],
    ['cs on text[]', 'tags=cs.{bike,red}', [1]],
    ['cd on text[]', 'tags=cd.{scarf,bike,red,x}', [1, 3]],
    ['ov on text[]', 'tags=ov.{scarf,jacket}', [2, 3]],
    ['cs on jsonb', 'meta=cs.{"color":"blue"}', [2]],
    ['json path filter', 'meta->>color=eq.green', [3]],
    ['not.eq', 'status=not.eq.active', []],
    ['repeated filters on one column', 'price=gt.20&price=lt.100', [2, 5]],
    ['or', 'or=(price.lt.20,title.eq.Red bike)', [1, 3]],
    ['nested and inside or', 'or=(id.eq.3,and(price.gt.40,price.lt.50))', [2, 3]],
    ['not.or', 'not.or=(id.eq.1,id.eq.2)', [3, 5]],
    ['or with in and quoted values', 'or=(id.in.(1,2),title.eq."Old boots")', [1, 2, 5]],
    ['and', 'and=(price.gt.20,tags.cs.{boots})', [5]],
    ['eq(any)', 'id=eq(any).{1,3}', [1, 3]],
    [
      'keyset cursor: timestamps inside a logic tree',
      'or=(created_at.gt.2026-01-03T10:00:00%2B00:00,and(created_at.eq.2026-01-03T10:00:00%2B00:00,id.gt.2))',
      [3, 5],
    ],
  ])('%s: %s', async (_name, query, expected) => {
    const res = await rawGet(`items?select=id&order=id&${query}`)
    expect(res.status).toBe(200)
    expect(ids(await res.json())).toEqual(expected)
  })

  it('passes supabase-js filter builders through (in, contains, not, or, match, textSearch)', async () => {
    expect(ids((await anon.from('items').select('id').in('id', [1, 5, 99]).order('id')).data)).toEqual([1, 5])
    expect(ids((await anon.from('items').select('id').contains('tags', ['bike']).order('id')).data)).toEqual([1])
    expect(ids((await anon.from('items').select('id').not('slug', 'is', null).order('id')).data)).toEqual([1, 2])
    expect(ids((await anon.from('items').select('id').or('id.eq.1,id.eq.3').order('id')).data)).toEqual([1, 3])
    expect(ids((await anon.from('items').select('id').match({ seller_id: SELLER_A, price: 45 })).data)).toEqual([2])
    expect(
      ids(
        (await anon.from('items').select('id').textSearch('title', 'jacket', { type: 'plain', config: 'english' }))
          .data,
      ),
    ).toEqual([2])
  })

  it('applies RLS: anon sees only active items, the seller also their draft', async () => {
    expect(ids((await anon.from('items').select('id').order('id')).data)).toEqual([1, 2, 3, 5])
    expect(ids((await sellerA.from('items').select('id').order('id')).data)).toEqual([1, 2, 3, 5])
    const service = ts.service()
    expect(ids((await service.from('items').select('id').order('id')).data)).toEqual([1, 2, 3, 4, 5])
  })
})

describe('order, paging, count', () => {
  it('orders by several columns with nullsfirst/nullslast', async () => {
    const first = await anon
      .from('items')
      .select('id')
      .order('slug', { ascending: true, nullsFirst: true })
      .order('id', { ascending: false })
    expect(ids(first.data)).toEqual([5, 3, 2, 1])
    const last = await anon
      .from('items')
      .select('id')
      .order('slug', { ascending: false, nullsFirst: false })
      .order('id')
    expect(ids(last.data)).toEqual([1, 2, 3, 5])
  })

  it('pages with range() and reports the exact count in Content-Range', async () => {
    const { data, count, error } = await anon.from('items').select('id', { count: 'exact' }).order('id').range(1, 2)
    expect(error).toBeNull()
    expect(ids(data)).toEqual([2, 3])
    expect(count).toBe(4)
    const res = await rawGet('items?select=id&order=id&offset=1&limit=2', { Prefer: 'count=exact' })
    expect(res.headers.get('content-range')).toBe('1-2/4')
  })

  it('reports */0 for an empty page and */total past the end', async () => {
    const res = await rawGet('items?select=id&id=eq.999', { Prefer: 'count=exact' })
    expect(res.headers.get('content-range')).toBe('*/0')
    const past = await rawGet('items?select=id&offset=10', { Prefer: 'count=exact' })
    expect(past.headers.get('content-range')).toBe('*/4')
  })

  it('counts only parents that pass an !inner embed filter', async () => {
    const { count } = await anon
      .from('items')
      .select('id, photos!inner(url)', { count: 'exact', head: true })
      .eq('photos.position', 1)
    expect(count).toBe(2)
  })

  it('answers HEAD with headers only', async () => {
    const { data, count, status } = await anon.from('items').select('*', { count: 'exact', head: true })
    expect([data, count, status]).toEqual([null, 4, 200])
    const res = await rawGet('items?select=id', { Prefer: 'count=exact' }, 'HEAD')
    expect(await res.text()).toBe('')
    expect(res.headers.get('content-range')).toBe('0-3/4')
  })
})

describe('single objects', () => {
  it('returns one object for Accept: application/vnd.pgrst.object+json', async () => {
    const res = await rawGet('items?select=id&id=eq.3', { Accept: 'application/vnd.pgrst.object+json' })
    expect(res.headers.get('content-type')).toContain('application/vnd.pgrst.object+json')
    expect(await res.json()).toEqual({ id: 3 })
  })

  it('answers 406 PGRST116 for zero or several rows', async () => {
    const none = await anon.from('items').select('id').eq('id', 999).single()
    expect(none.status).toBe(406)
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
    const many = await anon.from('items').select('id').single()
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' })
  })

  it('lets maybeSingle() see an empty array as null', async () => {
    const { data, error } = await anon.from('items').select('id').eq('id', 999).maybeSingle()
    expect([data, error]).toEqual([null, null])
  })
})
