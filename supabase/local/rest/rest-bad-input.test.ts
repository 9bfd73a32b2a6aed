/**
 * Hostile and malformed input to /rest/v1: every case answers a 4xx JSON error (never a 500, a stack trace or
 * SQL text), changes no data, and the server keeps serving. Values in filters are bound parameters, so injection
 * strings there simply match nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { MAX_BODY_BYTES } from './limits.ts'
import { createFixture, SELLER_A, userToken } from '../testing/rest-fixture.ts'

let ts: TestStack
let token: string

const SNAPSHOT_SQL = `select (select md5(string_agg(t::text, '|' order by t.id)) from public.items t) as items,
  (select md5(string_agg(t::text, '|' order by t.id)) from public.photos t) as photos,
  (select md5(string_agg(t::text, '|' order by t.id)) from public.sellers t) as sellers,
  (select count(*)::int from pg_tables where schemaname = 'public') as tables`

async function snapshot(): Promise<unknown> {
  return (await ts.stack.ctx.db.pg.query(SNAPSHOT_SQL)).rows[0]
}

beforeAll(async () => {
  ts = await startTestStack()
  await createFixture(ts)
  token = await userToken(ts, SELLER_A)
})

afterAll(async () => {
  await ts?.stop()
})

function send(method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  return fetch(`${ts.url}/rest/v1/${path}`, {
    method,
    body,
    headers: { apikey: ts.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
  })
}

const enc = encodeURIComponent
const DROP = `'; drop table public.items; --`

/** [what, method, path, body] — each must be refused with a 4xx JSON error. */
const REFUSED: [string, string, string, string?][] = [
  ['unknown column in select', 'GET', 'items?select=nope'],
  ['statement in select', 'GET', `items?select=${enc('id;drop table items')}`],
  ['closing parenthesis in select', 'GET', `items?select=${enc('id)--')}`],
  ['comment marker in select', 'GET', `items?select=${enc('id--')}`],
  ['quoted identifier with a quote inside', 'GET', `items?select=${enc('"id""; drop table items; --"')}`],
  ['cast with SQL after it', 'GET', `items?select=${enc('id::int from pg_authid')}`],
  ['cast with a parenthesis', 'GET', `items?select=${enc('id::text)')}`],
  ['unbalanced embed', 'GET', `items?select=${enc('id,photos(url')}`],
  ['embed name with a statement', 'GET', `items?select=${enc('id,photos;drop(url)')}`],
  ['embed hint with a quote', 'GET', `items?select=${enc('id,photos!x";drop(url)')}`],
  ['unknown embed', 'GET', 'items?select=id,secrets(*)'],
  ['json key with a quote', 'GET', `items?select=${enc("meta->>'a';drop")}`],
  ['deeply nested select', 'GET', `items?select=${enc('photos('.repeat(200) + 'url' + ')'.repeat(200))}`],
  ['unicode column name', 'GET', `items?select=${enc('tïtle')}`],
  ['NUL in a column name', 'GET', `items?select=${enc('id\u0000')}`],
  ['unknown column in a filter', 'GET', 'items?nope=eq.1'],
  ['statement as a filter column', 'GET', `items?${enc('id;drop table items')}=eq.1`],
  ['unknown operator', 'GET', 'items?id=drop.1'],
  ['operator without a value', 'GET', 'items?id=eq'],
  ['in without parentheses', 'GET', 'items?id=in.1,2'],
  ['in with an unterminated quote', 'GET', `items?id=${enc('in.("1,2)')}`],
  ['is with a bad value', 'GET', `items?slug=${enc('is.null; drop table items')}`],
  ['wrong type in a filter', 'GET', `items?id=eq.${enc(DROP)}`],
  ['logic tree without parentheses', 'GET', 'items?or=id.eq.1'],
  ['logic tree with a bad item', 'GET', `items?or=${enc('(id.eq.1,drop)')}`],
  ['logic tree with an unknown column', 'GET', `items?or=${enc('(id.eq.1,nope.eq.2)')}`],
  ['deeply nested logic tree', 'GET', `items?or=${enc('(' + 'or('.repeat(300) + 'id.eq.1' + ')'.repeat(300) + ')')}`],
  ['unbalanced logic tree', 'GET', `items?or=${enc('(id.eq.1))')}`],
  ['order by a statement', 'GET', `items?order=${enc('id;drop table items')}`],
  ['order with a bad direction', 'GET', 'items?order=id.sideways'],
  ['order by an unknown column', 'GET', 'items?order=nope.desc'],
  ['negative limit', 'GET', 'items?limit=-1'],
  ['non-numeric offset', 'GET', `items?offset=${enc('1; drop')}`],
  ['filter on an embed not selected', 'GET', 'items?select=id&photos.url=eq.x'],
  ['table name with a statement', 'GET', `${enc('items;drop table items')}?select=*`],
  ['table in another schema', 'GET', `${enc('auth.users')}?select=*`],
  ['json body that is not JSON', 'POST', 'items', '{"title":'],
  ['json body that is an array of numbers', 'POST', 'items', '[1,2]'],
  ['payload key with a statement', 'POST', 'items', JSON.stringify({ [`title"; ${DROP}`]: 'x' })],
  ['columns= with an unknown column', 'POST', `items?columns=${enc('"title","x;drop"')}`, '[{"title":"x"}]'],
  ['on_conflict with a statement', 'POST', `items?on_conflict=${enc('id);drop table items;--')}`, '{"id":1}'],
  ['update with an unknown column', 'PATCH', 'items?id=eq.1', JSON.stringify({ nope: 1 })],
  ['update with a wrong type', 'PATCH', 'items?id=eq.1', JSON.stringify({ price: DROP })],
  ['delete with a limit (it would not narrow the delete)', 'DELETE', 'items?id=gt.0&limit=1'],
  ['delete with a bad filter', 'DELETE', `items?id=${enc('eq.1 or 1=1')}`],
  ['rpc name with a statement', 'POST', `rpc/${enc('add_them;drop table items')}`, '{"a":1,"b":2}'],
  ['rpc argument of the wrong type', 'POST', 'rpc/add_them', JSON.stringify({ a: DROP, b: 2 })],
  ['rpc with an unknown argument', 'POST', 'rpc/add_them', JSON.stringify({ a: 1, [`b"; ${DROP}`]: 2 })],
]

describe('bad input', () => {
  it.each(REFUSED)('%s → 4xx JSON error, data unchanged', async (_what, method, path, body) => {
    const before = await snapshot()
    const res = await send(method, path, body)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    const text = await res.text()
    const json = JSON.parse(text) as Record<string, unknown>
    expect(typeof json.message).toBe('string')
    expect(Object.keys(json).sort()).toEqual(['code', 'details', 'hint', 'message'])
    expect(text).not.toMatch(/json_agg|pgrst_source|json_populate|\bat .+\.ts:\d+/)
    expect(await snapshot()).toEqual(before)
  })

  it.each([
    ['a quote and a statement', DROP],
    ['a closing parenthesis and comment', `x) or (1=1 --`],
    ['unicode and emoji', 'Bïke 🚲 \u202e'],
    ['a long value (5 kB; Node caps the request head at 16 kB)', 'x'.repeat(5000)],
  ])('a filter value with %s is a bound parameter: no rows, nothing changed', async (_what, value) => {
    const before = await snapshot()
    const res = await send(
      'GET',
      `items?select=id&title=eq.${enc(value)}&or=${enc(`(title.eq."${value.replace(/["\\]/g, '\\$&')}",slug.eq.x)`)}`,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([])
    expect(await snapshot()).toEqual(before)
  })

  it('accepts a long in-list (2,000 values) as parameters', async () => {
    const list = Array.from({ length: 2000 }, (_, i) => i + 1000).join(',')
    const res = await send('GET', `items?select=id&id=in.(1,${list})`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([{ id: 1 }])
  })

  it('answers an oversized body with 413 JSON', async () => {
    const res = await send('POST', 'items', JSON.stringify({ title: 'x'.repeat(MAX_BODY_BYTES.authenticated) }))
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ message: 'Payload too large' })
  })

  it('answers 300 seeded random mutations of valid queries with 2xx or 4xx JSON, never a 5xx', async () => {
    let seed = 20261122
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!
    const noise = [
      '(',
      ')',
      ',',
      '.',
      '"',
      "'",
      ';',
      '--',
      '!',
      ':',
      '::',
      '->',
      '->>',
      '*',
      '{',
      '}',
      '\\',
      '%',
      ' ',
      'é',
      'not.',
      'or(',
      'eq.',
      'in.(',
    ]
    const templates = [
      'items?select=id,title,photos(url,position),sellers(name)&order=id.desc&limit=3',
      'items?select=id&or=(price.lt.20,and(title.ilike.*bike*,status.eq.active))',
      'items?select=id&tags=cs.{bike,red}&id=in.(1,2,"3")&slug=not.is.null',
      'items?select=key:id,meta->>color,photos!inner(url)&photos.position=eq.1&photos.order=position.desc',
    ]
    const before = await snapshot()
    for (let i = 0; i < 300; i++) {
      const chars = [...pick(templates)]
      for (let k = 0; k < 1 + Math.floor(random() * 3); k++) {
        chars.splice(Math.floor(random() * chars.length), Math.floor(random() * 3), pick(noise))
      }
      const [path, query = ''] = chars.join('').split('?', 2)
      const params = new URLSearchParams(query.replace(/%/g, '%25'))
      const res = await send('GET', `${encodeURIComponent(path!)}?${params.toString()}`)
      const text = await res.text()
      expect(res.status, `${path}?${query} → ${text}`).toBeLessThan(500)
      expect(() => JSON.parse(text)).not.toThrow()
    }
    expect(await snapshot()).toEqual(before)
  })

  it('keeps serving after all of the above', async () => {
    const res = await send('GET', 'items?select=id,title&id=eq.1')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([{ id: 1, title: 'Red bike' }])
  })
})
