/**
 * The schema holes of docs/decisions.md#D-api-caller-guards, each reproduced the way an attacker would: through supabase-js or plain
 * HTTP against a running local stack, so the migrations and the REST layer are tested together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack, type TestUser } from '../local/testing/test-stack.ts'
import { asUser, createListing, run, sqlState } from './support/db-actors.ts'

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

describe('conversations: server-owned columns', () => {
  it('ignores a buyer’s last_message_at and read marks when opening a conversation', async () => {
    const listing = await createListing(db, seller.id)
    const { data, error } = await buyer.client
      .from('conversations')
      .insert({
        listing_id: listing,
        buyer_id: buyer.id,
        seller_id: seller.id,
        last_message_at: '2099-01-01T00:00:00Z',
        seller_last_read_at: '2099-01-01T00:00:00Z',
        buyer_last_read_at: '2099-01-01T00:00:00Z',
        created_at: '2099-01-01T00:00:00Z',
      })
      .select('last_message_at, seller_last_read_at, buyer_last_read_at, created_at')
      .single()
    expect(error).toBeNull()
    expect(new Date(data!.last_message_at).getTime()).toBeLessThan(Date.now() + 60_000)
    expect(new Date(data!.created_at).getTime()).toBeLessThan(Date.now() + 60_000)
    expect(data!.seller_last_read_at).toBeNull()
    expect(data!.buyer_last_read_at).toBeNull()
  })

  it('keeps a server write’s values (seed, service_role)', async () => {
    const listing = await createListing(db, seller.id)
    const [row] = await run<{ last_message_at: Date }>(
      db,
      { role: 'service_role' },
      `insert into public.conversations (listing_id, buyer_id, seller_id, last_message_at)
       values ($1, $2, $3, '2020-01-01T00:00:00Z') returning last_message_at`,
      [listing, buyer.id, seller.id],
    )
    expect(row!.last_message_at.toISOString()).toBe('2020-01-01T00:00:00.000Z')
  })

  it('gives a message the server’s time even when written through a definer function path', async () => {
    // The guard reads the JWT role, so the same holds whatever current_user a trigger runs as.
    const [r] = await run<{ api: boolean }>(db, asUser(buyer.id), `select private.is_api_request() as api`)
    expect(r!.api).toBe(true)
    const [s] = await run<{ api: boolean }>(db, { role: 'service_role' }, `select private.is_api_request() as api`)
    expect(s!.api).toBe(false)
  })
})

describe('conversations on a sold listing: one refusal whatever the seller guess', () => {
  const open = (listing: string, sellerGuess: string) =>
    buyer.client.from('conversations').insert({ listing_id: listing, buyer_id: buyer.id, seller_id: sellerGuess })

  it('answers the same status and code for the right and a wrong seller, and for a missing listing', async () => {
    const sold = await createListing(db, seller.id, { status: 'sold' })
    const right = await open(sold, seller.id)
    const wrong = await open(sold, randomUUID())
    const wrongReal = await open(sold, buyer.id)
    const missing = await open(randomUUID(), seller.id)
    const shape = (r: typeof right) => ({ status: r.status, code: r.error?.code, message: r.error?.message })
    expect(shape(right)).toEqual({
      status: 403,
      code: '42501',
      message: 'new row violates row-level security policy for table "conversations"',
    })
    expect(shape(wrong)).toEqual(shape(right))
    expect(shape(wrongReal)).toEqual(shape(right))
    expect(shape(missing)).toEqual(shape(right))
  })

  it('still reports a wrong seller on an active (public) listing as the check violation', async () => {
    const active = await createListing(db, seller.id)
    const r = await open(active, randomUUID())
    expect(r.error?.code).toBe('23514')
  })
})

describe('listing_images.image_url: the seller’s own folder only', () => {
  const insert = (listing: string, url: string) =>
    seller.client.from('listing_images').insert({ listing_id: listing, image_url: url, image_order: 1 })

  it.each([
    ['javascript:alert(1)'],
    ['http://tracker.example/pixel.gif'],
    ['data:image/png;base64,AAAA'],
    ['//tracker.example/p.gif'],
    ['00000000-0000-4000-8000-000000000001/l/i.jpg'],
    ['elsewhere/photo.jpg'],
    ['{me}/../other/x.jpg'],
    ['{me}/./x.jpg'],
    ['{me}//x.jpg'],
    ['{me}/'],
    ['https://exa mple.com/x.jpg'],
    ['https://example.com/"onerror=x'],
    // Any other host: the seller's server would log who looks at the listing.
    ['https://images.example.ch/a/b.jpg?w=2'],
    ['https://tracker.example/{me}/l/i.jpg'],
    // Not even the project's own public URL: the app builds that from the path.
    ['{stack}/storage/v1/object/public/listing-images/{me}/l/i.jpg'],
    ['JAVASCRIPT:alert(1)//{me}/x.jpg'],
    ['{other}/l/i.jpg'],
    [' {me}/l/i.jpg'],
  ])('refuses %s (23514)', async (raw) => {
    const listing = await createListing(db, seller.id)
    const r = await insert(
      listing,
      raw.replace('{me}', seller.id).replace('{other}', buyer.id).replace('{stack}', ts.url),
    )
    expect(r.error?.code).toBe('23514')
    expect(r.status).toBe(400)
  })

  it.each([['{me}/{listing}/{image}.webp'], ['{me}/{listing}/{image}.card.webp'], ['{me}/{image}.jpg']])(
    'accepts %s',
    async (raw) => {
      const listing = await createListing(db, seller.id)
      const url = raw.replace('{me}', seller.id).replace('{listing}', listing).replace('{image}', randomUUID())
      const r = await insert(listing, url)
      expect(r.error).toBeNull()
    },
  )

  it('refuses the same through save_listings and on update', async () => {
    const listing = await createListing(db, seller.id)
    const id = randomUUID()
    expect((await insert(listing, `${seller.id}/${listing}/${id}.webp`)).error).toBeNull()
    const up = await seller.client
      .from('listing_images')
      .update({ image_url: 'javascript:alert(1)' })
      .eq('listing_id', listing)
    expect(up.error?.code).toBe('23514')
    const save = await seller.client.rpc('save_listings', {
      saves: [
        {
          listing: null,
          listing_id: listing,
          images_edited_at: new Date().toISOString(),
          images: [
            { id: randomUUID(), listing_id: listing, image_url: 'http://tracker.example/x.gif', image_order: 1 },
          ],
        },
      ],
    })
    expect(save.error?.code).toBe('23514')
  })

  it('leaves server writes unchecked: seed:scale points listings at other sellers’ seed photos with the service key', async () => {
    const listing = await createListing(db, seller.id)
    const r = await ts
      .service()
      .from('listing_images')
      .insert({ listing_id: listing, image_url: `${buyer.id}/seed/photo.jpg`, image_order: 1 })
    expect(r.error).toBeNull()
  })

  it('leaves another user’s attempt to RLS (42501), telling nothing about the path rule', async () => {
    const listing = await createListing(db, seller.id)
    expect(
      await sqlState(
        db,
        asUser(buyer.id),
        `insert into public.listing_images (listing_id, image_url) values ($1, 'javascript:x')`,
        [listing],
      ),
    ).toBe('42501')
  })
})

describe('RPCs that change data refuse GET and HEAD', () => {
  const call = (method: string, fn: string, token: string) =>
    fetch(`${ts.url}/rest/v1/rpc/${fn}`, { method, headers: { apikey: ts.anonKey, authorization: `Bearer ${token}` } })

  it('GET /rpc/cancel_subscription fails with 25006 (405) and changes nothing', async () => {
    await run(db, null, `update public.profiles set subscription_status = 'active' where id = $1`, [buyer.id])
    const res = await call('GET', 'cancel_subscription', buyer.accessToken)
    expect(res.status).toBe(405)
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toEqual({
      code: '25006',
      message: 'cannot execute UPDATE in a read-only transaction',
      details: null,
      hint: null,
    })
    const head = await call('HEAD', 'cancel_subscription', buyer.accessToken)
    expect(head.status).toBe(405)
    const [p] = await run<{ subscription_status: string }>(
      db,
      null,
      `select subscription_status from public.profiles where id = $1`,
      [buyer.id],
    )
    expect(p!.subscription_status).toBe('active')
  })

  it('POST still runs it', async () => {
    const res = await call('POST', 'cancel_subscription', buyer.accessToken)
    expect(res.status).toBe(200)
  })

  it('GET of a function that updates is refused even when no row matches; GET of a reading function answers', async () => {
    const res = await fetch(
      `${ts.url}/rest/v1/rpc/mark_conversation_read?p_conversation_id=${randomUUID()}&p_read_at=2020-01-01T00:00:00Z`,
      {
        headers: { apikey: ts.anonKey, authorization: `Bearer ${buyer.accessToken}` },
      },
    )
    expect(res.status).toBe(405)
    const reading = await call('GET', `plan_amount_due?p_user=${buyer.id}`, ts.serviceRoleKey)
    expect(reading.status).toBe(200)
    expect(typeof (await reading.json())).toBe('number')
  })
})
