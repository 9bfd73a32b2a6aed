/**
 * What one write may ask of the data API (limits.ts MAX_WRITE_ROWS; regex-bounds.ts): rows per insert body, rows per
 * update or delete, no update or delete of a whole table (pg-safeupdate), and regular-expression filters bounded
 * before they reach the engine — each attack answered with a 4xx and no change to the data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { MAX_WRITE_ROWS } from './limits.ts'
import { createFixture, SELLER_A, userToken } from '../testing/rest-fixture.ts'

let ts: TestStack
let token: string

beforeAll(async () => {
  ts = await startTestStack()
  await createFixture(ts)
  token = await userToken(ts, SELLER_A)
})

afterAll(async () => {
  await ts?.stop()
})

function send(method: string, path: string, body?: unknown, bearer: string | null = token) {
  return fetch(`${ts.url}/rest/v1/${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      apikey: ts.anonKey,
      Authorization: `Bearer ${bearer ?? ts.anonKey}`,
      'Content-Type': 'application/json',
    },
  })
}

const itemCount = async () =>
  Number((await ts.stack.ctx.db.pg.query<{ n: number }>(`select count(*)::int as n from public.items`)).rows[0]!.n)
const items = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ seller_id: SELLER_A, title: `Bulk ${from + i}`, price: 1 }))

describe('rows per write', () => {
  it(`refuses an insert body of more than ${MAX_WRITE_ROWS} rows with 413 before writing`, async () => {
    const before = await itemCount()
    const res = await send('POST', 'items', items(MAX_WRITE_ROWS + 1))
    expect(res.status).toBe(413)
    expect(await itemCount()).toBe(before)
    expect((await send('POST', 'items', items(MAX_WRITE_ROWS))).status).toBe(201)
    expect(await itemCount()).toBe(before + MAX_WRITE_ROWS)
  })

  it(`rolls back an update or delete that would change more than ${MAX_WRITE_ROWS} rows`, async () => {
    const mine = `seller_id=eq.${SELLER_A}`
    const patch = await send('PATCH', `items?${mine}`, { price: 2 })
    expect(patch.status).toBe(400)
    expect(((await patch.json()) as { code: string }).code).toBe('54000')
    const { rows } = await ts.stack.ctx.db.pg.query<{ n: number }>(
      `select count(*)::int as n from public.items where price = 2`,
    )
    expect(rows[0]!.n).toBe(0)
    const before = await itemCount()
    expect((await send('DELETE', `items?${mine}`)).status).toBe(400)
    expect(await itemCount()).toBe(before)
    // A narrower write passes.
    expect((await send('PATCH', `items?${mine}&title=like.Bulk 1*`, { price: 2 })).status).toBe(204)
  })

  it('refuses an update or delete without any filter (hosted pg-safeupdate)', async () => {
    const before = await itemCount()
    const patch = await send('PATCH', 'items', { price: 3 })
    expect(patch.status).toBe(400)
    expect(await patch.json()).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' })
    const del = await send('DELETE', 'items')
    expect(del.status).toBe(400)
    expect(await del.json()).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' })
    expect(await itemCount()).toBe(before)
  })
})

describe('regular-expression filters', () => {
  const enc = encodeURIComponent
  const tooComplex = { code: '2201B', message: 'invalid regular expression: regular expression is too complex' }

  it.each([
    ['nested bounded repeats (held the engine 3–15 s)', '((.{0,90}){0,90}b|(.{0,90}){0,90}c)z1'],
    ['repeats past what the engine can build (answered 500 "bad buffer ID")', '(.{0,255}){0,255}b'],
    ['a back-reference', '(a*)*\\1'],
    ['a long pattern', 'a'.repeat(300)],
  ])('refuses %s with 400 before it runs, for anyone', async (_what, pattern) => {
    for (const bearer of [null, token]) {
      const started = performance.now()
      const res = await send('GET', `items?select=id&title=match.${enc(pattern)}`, undefined, bearer)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject(tooComplex)
      expect(performance.now() - started).toBeLessThan(2000)
    }
    const inLogic = await send(
      'GET',
      `items?select=id&or=${enc(`(title.imatch.${pattern},price.gt.1000)`)}`,
      undefined,
      null,
    )
    expect(inLogic.status).toBe(400)
  })

  it('keeps ordinary patterns working', async () => {
    const res = await send(
      'GET',
      `items?select=title&title=imatch.${enc('^(red|blue) [a-z]{3,6}$')}&order=id`,
      undefined,
      null,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([{ title: 'Red bike' }, { title: 'Blue jacket' }])
  })
})
