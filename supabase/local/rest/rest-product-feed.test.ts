/**
 * The product schema (supabase/migrations + seed) through /rest/v1 as the app uses it (docs/product.md §7.2): the feed as
 * anon in one request with images and seller names, and the signed-in user's own profile through the my_profile
 * view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { userClient } from '../testing/rest-fixture.ts'

const ANNA = '00000000-0000-4000-8000-000000000001'

let ts: TestStack

beforeAll(async () => {
  ts = await startTestStack()
})

afterAll(async () => {
  await ts?.stop()
})

interface FeedRow {
  id: string
  title: string
  price: number
  created_at: string
  user_id: string
  listing_images: { image_url: string; image_order: number }[]
  profiles: { first_name: string | null; last_name: string | null } | null
}

describe('product schema', () => {
  it('serves the feed to anon: 12 active listings newest first, ordered images and the seller embedded', async () => {
    const { data, error, count } = await ts
      .anon()
      .from('listings')
      .select(
        'id, title, price, location, created_at, user_id, listing_images(image_url, image_order), profiles(first_name, last_name)',
        {
          count: 'exact',
        },
      )
      .eq('status', 'active')
      .order('created_at', { ascending: false })
      .order('image_order', { referencedTable: 'listing_images' })
      .range(0, 11)
    expect(error).toBeNull()
    const rows = data as unknown as FeedRow[]
    expect(rows).toHaveLength(12)
    expect(count).toBeGreaterThanOrEqual(12)
    const times = rows.map((r) => r.created_at)
    expect([...times].sort().reverse()).toEqual(times)
    for (const r of rows) {
      expect(typeof r.price).toBe('number')
      expect(r.profiles).not.toBeNull()
      const orders = r.listing_images.map((i) => i.image_order)
      expect([...orders].sort((a, b) => a - b)).toEqual(orders)
    }
    expect(rows.some((r) => r.listing_images.length > 0)).toBe(true)
  })

  it("serves a user's inbox: their conversations with the listing, its images and both sides by FK hints", async () => {
    const token = await ts.stack.ctx.jwt.sign({ sub: ANNA, role: 'authenticated', aud: 'authenticated' }, 3600)
    const { data, error } = await userClient(ts, token)
      .from('conversations')
      .select(
        'id, buyer_id, seller_id, last_message_at, listings(title, listing_images(image_url, image_order)), ' +
          'buyer:profiles!buyer_id(first_name), seller:profiles!seller_id(first_name)',
      )
      .or(`buyer_id.eq.${ANNA},seller_id.eq.${ANNA}`)
      .order('last_message_at', { ascending: false })
    expect(error).toBeNull()
    const rows = (data ?? []) as unknown as {
      buyer_id: string
      seller_id: string
      listings: { title: string } | null
    }[]
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) {
      expect([r.buyer_id, r.seller_id]).toContain(ANNA)
      expect(typeof r.listings?.title).toBe('string')
    }
  })

  it('gives a signed-in user their own profile through the my_profile view, and nothing to anon', async () => {
    const token = await ts.stack.ctx.jwt.sign({ sub: ANNA, role: 'authenticated', aud: 'authenticated' }, 3600)
    const { data, error } = await userClient(ts, token).from('my_profile').select('id, first_name, last_name').single()
    expect(error).toBeNull()
    expect(data).toEqual({ id: ANNA, first_name: 'Anna', last_name: 'Müller' })
    const asAnon = await ts.anon().from('my_profile').select('id')
    expect([asAnon.status, asAnon.error?.code]).toEqual([401, '42501'])
  })
})
