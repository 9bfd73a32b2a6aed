// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { sendMessage } from './kinds/message-send'
import { saveListingAsOlderVersion } from './testing/older-version'
import { startStack, stackDevice, type StackDevice, type StackHandle } from './testing/stack-devices'
import { SyncEngine } from './engine'
import { SupabaseTransport } from '@/remote/supabase-transport'
import { MemoryLockManager } from './testing/memory-locks'

let stack: StackHandle
let seller: StackDevice
let sellerUser: { id: string; email: string; password: string }
let buyer: StackDevice
const devices: StackDevice[] = []

const fields = (over: Partial<ListingFields> = {}): ListingFields => ({
  title: 'Denim jacket',
  description: 'Classic cut, soft from years of wear',
  price: 45,
  condition: 'worn_but_loved',
  category: 'women',
  product_type: 'jacket',
  brand: 'Levi',
  size: 'S',
  fabric: 'denim',
  location: 'Basel',
  tags: ['denim'],
  ...over,
})
const photo = () => ({
  blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' }),
  content_type: 'image/jpeg',
  ext: 'jpg',
})
const now = () => Date.now() - 60_000 // device clocks a minute behind the server's: edit times are never clamped

async function device(user: { id: string; email: string; password: string }) {
  const d = await stackDevice(stack, user)
  devices.push(d)
  return d
}

async function until(cond: () => Promise<boolean>, what: string) {
  // Bounded by time (generous, for a loaded machine), not by a count of short sleeps.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (await cond()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`timed out waiting for ${what}`)
}

beforeAll(async () => {
  stack = await startStack()
  sellerUser = await stack.newUser({ firstName: 'Sara', lastName: 'Seller' })
  seller = await device(sellerUser)
  buyer = await device(await stack.newUser({ firstName: 'Ben', lastName: 'Buyer' }))
})

afterAll(async () => {
  for (const d of devices) await d.close()
  await stack?.stop()
})

describe('sync engine against the local stack', () => {
  it('offline writes queue, then converge when online: photos, listing and image rows reach the server', async () => {
    seller.net.offline = true
    const id = await saveListing(seller.db, seller.userId, { fields: fields(), images: [photo(), photo()] }, now())
    await seller.engine.sync('write')
    expect(seller.engine.status.getState()).toMatchObject({
      online: false,
      pendingCount: 1,
      photos: { uploaded: 0, total: 2 },
    })
    seller.net.offline = false
    await seller.engine.sync('online')
    expect(seller.engine.status.getState()).toMatchObject({ online: true, pendingCount: 0 })
    const { data } = await seller.client.from('listings').select('title, price, tags').eq('id', id).single()
    expect(data).toEqual({ title: 'Denim jacket', price: 45, tags: ['denim'] })
    const { data: images } = await seller.client
      .from('listing_images')
      .select('image_url, image_order')
      .eq('listing_id', id)
      .order('image_order')
    expect(images?.map((i) => i.image_order)).toEqual([1, 2])
    const file = await fetch(`${stack.url}/storage/v1/object/public/listing-images/${images![0]!.image_url}`)
    expect(file.status).toBe(200)
    expect((await seller.db.listings.get(id))?.sync_state).toBe('synced')

    await buyer.engine.sync('start')
    expect((await buyer.db.listings.get(id))?.price).toBe(45)
    expect(await buyer.db.listing_images.where('listing_id').equals(id).count()).toBe(2)
    expect((await buyer.db.profiles.get(seller.userId))?.first_name).toBe('Sara')
  })

  it('server committed, response lost: the retried message exists once', async () => {
    const listingId = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Wool scarf' }), images: [] },
      now(),
    )
    await seller.engine.sync('write')
    await buyer.engine.sync('start')
    await sendMessage(
      buyer.db,
      {
        listingId,
        sellerId: seller.userId,
        buyerId: buyer.userId,
        senderId: buyer.userId,
        content: 'Is the scarf still here?',
      },
      now(),
    )
    buyer.net.loseAnswer = { match: (url, method) => method === 'POST' && url.includes('/rest/v1/messages'), times: 1 }
    await buyer.engine.sync('write')
    await buyer.engine.sync('retry')
    const { data } = await buyer.client.from('messages').select('id').eq('content', 'Is the scarf still here?')
    expect(data).toHaveLength(1)
    expect(
      (await buyer.db.messages.toArray())
        .filter((m) => m.content === 'Is the scarf still here?')
        .map((m) => m.sync_state),
    ).toEqual(['synced'])
  })

  it("a realtime message from another user lands in the seller's Dexie", async () => {
    const listingId = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Silk blouse' }), images: [] },
      now(),
    )
    await seller.engine.sync('write')
    seller.engine.start()
    await until(async () => seller.engine.status.getState().leader, 'leadership')
    await buyer.engine.sync('start')
    await sendMessage(
      buyer.db,
      {
        listingId,
        sellerId: seller.userId,
        buyerId: buyer.userId,
        senderId: buyer.userId,
        content: 'Hello from realtime',
      },
      now(),
    )
    await buyer.engine.sync('write')
    await until(
      async () => (await seller.db.messages.filter((m) => m.content === 'Hello from realtime').count()) === 1,
      'the message in the seller mirror',
    )
    await seller.engine.stop()
  })

  it('an expired token mid-drain is refreshed and the drain finishes', async () => {
    const { SignJWT } = await import('jose')
    const expired = await new SignJWT({ role: 'authenticated', sub: seller.userId, aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long'))
    const a = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Linen trousers' }), images: [] },
      now(),
    )
    seller.net.authOverride = { token: expired, times: 1, match: (url) => url.includes('/rest/v1/listings') }
    const report = await seller.engine.sync('write')
    expect(report.push).toMatchObject({ outcome: 'drained', acknowledged: 1, failed: 0 })
    expect(seller.net.log.some((l) => l.includes('/auth/v1/token?grant_type=refresh_token'))).toBe(true)
    const { data } = await seller.client.from('listings').select('id').eq('id', a)
    expect(data).toHaveLength(1)
  })

  it('a poison item (CHECK 23514) goes to failed with the spec message while the rest syncs', async () => {
    const bad = await saveListingAsOlderVersion(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Bad' }), images: [] },
      now(),
      { condition: 'like_new' },
    )
    const good = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Good boots', category: 'shoes' }), images: [] },
      now(),
    )
    await seller.engine.sync('write')
    expect(await seller.db.listings.get(bad)).toMatchObject({
      sync_state: 'failed',
      sync_error: { code: 'invalid_condition', detail: 'like_new' },
    })
    expect((await seller.db.listings.get(good))?.sync_state).toBe('synced')
    expect(seller.engine.status.getState().failures).toHaveLength(1)
    await seller.engine.discard(`listing:${bad}`)
    expect(await seller.db.listings.get(bad)).toBeUndefined()
  })

  it('the same listing edited on two devices ends with the later edit by edit time', async () => {
    const laptop = await device(sellerUser)
    const id = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Original coat' }), images: [] },
      now(),
    )
    await seller.engine.sync('write')
    await laptop.engine.sync('start')
    const t = now()
    await saveListing(laptop.db, seller.userId, { id, fields: fields({ title: 'Older edit (laptop)' }), images: [] }, t)
    await saveListing(
      seller.db,
      seller.userId,
      { id, fields: fields({ title: 'Newer edit (phone)' }), images: [] },
      t + 5_000,
    )
    await seller.engine.sync('write') // the newer edit arrives first
    await laptop.engine.sync('write') // the older one arrives last and loses
    const { data } = await seller.client.from('listings').select('title').eq('id', id).single()
    expect(data?.title).toBe('Newer edit (phone)')
    expect(await laptop.db.listings.get(id)).toMatchObject({ title: 'Newer edit (phone)', sync_state: 'synced' })
  })

  it('keyset pages over (updated_at, id) return every visible listing exactly once, in cursor order', async () => {
    const seen: string[] = []
    let after: { updated_at: string; id: string } | null = null
    for (;;) {
      const page = await buyer.transport.pullListings(after, 7)
      if (!page.ok) throw new Error(page.message)
      seen.push(...page.value.listings.map((l) => l.id))
      const keys = page.value.listings.map((l) => `${l.updated_at}|${l.id}`)
      expect(keys).toEqual([...keys].sort())
      if (page.value.listings.length < 7) break
      const last = page.value.listings[page.value.listings.length - 1]!
      after = { updated_at: last.updated_at, id: last.id }
    }
    const all = await buyer.transport.visibleListingIds()
    if (!all.ok) throw new Error(all.message)
    expect(new Set(seen).size).toBe(seen.length)
    expect([...seen].sort()).toEqual([...all.value].sort())
    expect(seen.length).toBeGreaterThan(40) // the seeded feed and this file's listings
  })

  it('two tabs on one database: one leader syncs, the other follows through the database', async () => {
    const locks = new MemoryLockManager() as unknown as LockManager
    const tabA = new SyncEngine({ db: seller.db, transport: new SupabaseTransport(seller.client), locks })
    const tabB = new SyncEngine({ db: seller.db, transport: new SupabaseTransport(seller.client), locks })
    tabA.start()
    tabB.start()
    await until(async () => tabA.status.getState().leader || tabB.status.getState().leader, 'a leader')
    await new Promise((r) => setTimeout(r, 100))
    expect([tabA, tabB].filter((t) => t.status.getState().leader)).toHaveLength(1)
    const leader = tabA.status.getState().leader ? tabA : tabB
    const follower = leader === tabA ? tabB : tabA
    const id = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Two-tab hat', category: 'accessories' }), images: [] },
      now(),
    )
    await leader.sync('write')
    expect((await seller.db.listings.get(id))?.sync_state).toBe('synced') // what the follower tab's live query reads
    await leader.stop()
    await until(async () => follower.status.getState().leader, 'the follower taking over')
    await follower.stop()
  })

  it('a new engine on the same database after a crash mid-drain finishes exactly once', async () => {
    // The first engine loses every answer after its first request, as if the tab died with them in flight: the
    // server has committed some of the writes, the device knows of none.
    let requests = 0
    seller.net.loseAnswer = { match: () => ++requests >= 2, times: Infinity }
    const titles = ['Crash item 0', 'Crash item 1', 'Crash item 2']
    for (const title of titles)
      await saveListing(seller.db, seller.userId, { fields: fields({ title }), images: [photo()] }, now())
    await seller.engine.sync('write')
    seller.net.loseAnswer = null
    expect(await seller.db.outbox.count()).toBeGreaterThan(0)
    const fresh = new SyncEngine({ db: seller.db, transport: new SupabaseTransport(seller.client), locks: null })
    await fresh.sync('start')
    expect(await seller.db.outbox.count()).toBe(0)
    const { data } = await seller.client.from('listings').select('id, title, listing_images(id)').in('title', titles)
    expect(data?.map((l) => l.title).sort()).toEqual(titles)
    expect(data?.every((l) => (l.listing_images as unknown[]).length === 1)).toBe(true)
  })
})
