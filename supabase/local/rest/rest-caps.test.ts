/**
 * The per-request work caps (docs/decisions.md#D-work-caps; limits.ts says how each is enforced on PGlite): rows per response and
 * per embed, embed depth and count, response bytes, statement time by role, and one row per trial_users insert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { createApp } from '../app.ts'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import {
  MAX_EMBED_DEPTH,
  MAX_EMBEDS,
  MAX_RESPONSE_BYTES,
  MAX_ROWS,
  MAX_VISITED_ROWS,
  STATEMENT_TIMEOUT_MS,
} from './limits.ts'
import { planRead, relationSource } from './plan.ts'
import { parseQuery } from './query-params.ts'
import { SchemaCacheHolder } from './schema-cache.ts'
import { Params, readSql } from './sql-builder.ts'

let ts: TestStack
let app: Hono
let seller: string
let crowded: string

beforeAll(async () => {
  ts = await startTestStack()
  app = createApp(ts.stack.ctx)
  seller = (await ts.newUser()).id
  // 1,100 active listings with 1 KB descriptions, and one listing with 1,050 images.
  const rows = await ts.stack.ctx.db.asSuperuser(async (tx) => {
    await tx.query(
      `insert into public.listings (user_id, title, description, price, condition, category)
       select $1, 'Cap test ' || g, repeat('x', 1000), 10, 'very_good', 'women' from generate_series(1, 1100) g`,
      [seller],
    )
    const r = await tx.query<{ id: string }>(`select id from public.listings where user_id = $1 limit 1`, [seller])
    await tx.query(
      `insert into public.listing_images (listing_id, image_url, image_order) select $1, 'x/' || g, g from generate_series(1, 1050) g`,
      [r.rows[0]!.id],
    )
    return r.rows
  })
  crowded = rows[0]!.id
}, 120_000)
afterAll(() => ts?.stop())

const get = (path: string, token = ts.anonKey) =>
  app.request(`/rest/v1/${path}`, { headers: { apikey: ts.anonKey, authorization: `Bearer ${token}` } })

describe('rows per response (db-max-rows 1000)', () => {
  it('cuts a read at 1000 rows whatever limit asks, and says so in Content-Range', async () => {
    const res = await get(`listings?select=id&limit=5000`)
    expect(res.status).toBe(200)
    expect(((await res.json()) as unknown[]).length).toBe(MAX_ROWS)
    expect(res.headers.get('content-range')).toBe('0-999/*')
    const unlimited = await get(`listings?select=id`)
    expect(((await unlimited.json()) as unknown[]).length).toBe(MAX_ROWS)
  })

  it('keeps a smaller limit and pages on with offset', async () => {
    const res = await get(`listings?select=id&limit=10&offset=1095&order=id`)
    expect(res.headers.get('content-range')).toMatch(/^1095-\d+\/\*$/)
  })

  it('cuts a to-many embed at 1000 rows per parent', async () => {
    const res = await get(`listings?select=id,listing_images(id)&id=eq.${crowded}`)
    const [row] = (await res.json()) as { listing_images: unknown[] }[]
    expect(row!.listing_images).toHaveLength(MAX_ROWS)
  })
})

describe('embeds', () => {
  const nested = (levels: number) => {
    let select = 'id'
    for (let i = 0; i < levels; i++) select = i % 2 === 0 ? `id,listings(${select})` : `id,listing_images(${select})`
    return levels % 2 === 0 ? `listings?select=${select}` : `listing_images?select=${select}`
  }

  it(`refuses the issue's 16 nested embeds before running anything (400)`, async () => {
    const res = await get(`${nested(16)}&limit=10`)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'PGRST100' })
  })

  it(`allows ${MAX_EMBED_DEPTH} levels and refuses ${MAX_EMBED_DEPTH + 1}`, async () => {
    expect((await get(`${nested(MAX_EMBED_DEPTH)}&limit=2`)).status).toBe(200)
    expect((await get(`${nested(MAX_EMBED_DEPTH + 1)}&limit=2`)).status).toBe(400)
  })

  it(`refuses more than ${MAX_EMBEDS} embedded resources side by side`, async () => {
    const embeds = (n: number) => Array.from({ length: n }, (_, i) => `i${i}:listing_images(id)`).join(',')
    expect((await get(`listings?select=id,${embeds(MAX_EMBEDS)}&limit=1`)).status).toBe(200)
    expect((await get(`listings?select=id,${embeds(MAX_EMBEDS + 1)}&limit=1`)).status).toBe(400)
  })
})

describe('response bytes', () => {
  it(`refuses a body over ${MAX_RESPONSE_BYTES} bytes with 400 54000`, async () => {
    const wide = Array.from({ length: 10 }, (_, i) => `d${i}:description`).join(',')
    const res = await get(`listings?select=${wide}&limit=1000`)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: '54000' })
  })
})

describe('rows visited per read', () => {
  it(`stops a read past ${MAX_VISITED_ROWS} visited rows with 400 54000, before it holds the engine for long`, async () => {
    const wide = Array.from({ length: 6 }, (_, i) => `i${i}:listing_images(id)`).join(',')
    const res = await get(`listings?select=id,${wide}&id=eq.${crowded}`)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      code: '54000',
      message: `the request would read more than ${MAX_VISITED_ROWS} rows`,
    })
    // The same read with fewer embeds stays within the budget.
    expect((await get(`listings?select=id,a:listing_images(id),b:listing_images(id)&id=eq.${crowded}`)).status).toBe(
      200,
    )
  })
})

describe('statement time by role', () => {
  it('sets hosted’s limits: anon 3 s, authenticated 8 s', () => {
    expect(STATEMENT_TIMEOUT_MS.anon).toBe(3000)
    expect(STATEMENT_TIMEOUT_MS.authenticated).toBe(8000)
  })

  it('stops a statement that runs past its limit (statement_timeout never fires on PGlite; the guard does)', async () => {
    const cache = await new SchemaCacheHolder(ts.stack.ctx.db.pg, () => {}).get()
    const q = parseQuery(
      new URLSearchParams('select=id,title,description,listing_images(id,image_url)&order=description'),
    )
    const root = planRead(cache, relationSource(cache, 'listings')!, q)
    const p = new Params()
    const slow = readSql(root, { single: false, count: true }, p, {
      maxRows: MAX_ROWS,
      timeoutMs: 1,
      maxVisitedRows: 1e9,
    })
    const error = await ts.stack.ctx.db
      .withClaims({ role: 'anon' }, (tx) => tx.query(slow, p.values))
      .then(
        () => null,
        (e: unknown) => String(e),
      )
    expect(error).toMatch(/kreis_statement_timeout/)
    const p2 = new Params()
    const fine = readSql(root, { single: false, count: true }, p2, {
      maxRows: MAX_ROWS,
      timeoutMs: 60_000,
      maxVisitedRows: 1e9,
    })
    await expect(ts.stack.ctx.db.withClaims({ role: 'anon' }, (tx) => tx.query(fine, p2.values))).resolves.toBeDefined()
  })
})

describe('trial_users', () => {
  const post = (body: unknown) =>
    app.request('/rest/v1/trial_users', {
      method: 'POST',
      headers: { apikey: ts.anonKey, authorization: `Bearer ${ts.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('takes one row per request and refuses a bulk body (the issue posted 120,000)', async () => {
    expect((await post({ email: `one-${Date.now()}@test.kreis.ch` })).status).toBe(201)
    const bulk = Array.from({ length: 3 }, (_, i) => ({ email: `bulk-${i}-${Date.now()}@test.kreis.ch` }))
    const res = await post(bulk)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'PGRST100' })
  })
})
