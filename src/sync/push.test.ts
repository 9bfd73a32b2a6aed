// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { BACKOFF_BASE_MS } from './constants'
import { saveListing, setListingStatus, type ListingFields } from './kinds/listing-save'
import { sendMessage } from './kinds/message-send'
import { updateMyProfile } from './kinds/profile-update'
import { pendingSummary, retryFailed } from './outbox'
import { pullAll } from './pull'
import { drainOutbox } from './push'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'
import { saveListingAsOlderVersion } from './testing/older-version'
import { ScriptedTransport } from './testing/scripted-transport'
import { VirtualClock } from './testing/harness'
import { SyncEngine } from './engine'

const SELLER = '00000000-0000-4000-8000-000000000001'
const BUYER = '00000000-0000-4000-8000-000000000004'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const open: KreisDatabase[] = []

afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close()
    await db.delete()
  }
})

function setup(userId = SELLER, server = new MemoryServer()) {
  if (!server.profiles.has(SELLER)) server.addUser(SELLER, 'Anna', 'Müller')
  if (!server.profiles.has(BUYER)) server.addUser(BUYER, 'Noah', 'Keller')
  const rng = createRng(7)
  const db = new KreisDatabase(`push-${Math.random()}`)
  open.push(db)
  const memory = new MemoryTransport(server, userId, rng)
  const scripted = new ScriptedTransport(memory)
  const clock = new VirtualClock(T0, rng)
  const deps = { db, transport: scripted.transport, clock }
  return { server, db, memory, scripted, clock, deps }
}

const fields = (over: Partial<ListingFields> = {}): ListingFields => ({
  title: 'Wool coat',
  description: 'Warm and barely worn',
  price: 80,
  condition: 'very_good',
  category: 'women',
  product_type: 'coat',
  brand: null,
  size: 'M',
  fabric: 'wool',
  location: 'Zurich',
  tags: null,
  ...over,
})
const photo = () => ({ blob: new Blob(['jpeg-bytes']), content_type: 'image/webp', ext: 'webp' })

describe('local writes', () => {
  it('a new listing writes the pending mirror rows and its outbox entries in dependency order, in one transaction', async () => {
    const { db, clock } = setup()
    const id = await saveListing(db, SELLER, { fields: fields(), images: [photo(), photo()] }, clock.now())
    expect((await db.listings.get(id))?.sync_state).toBe('pending')
    expect((await db.listing_images.where('listing_id').equals(id).toArray()).map((i) => i.image_order).sort()).toEqual(
      [1, 2],
    )
    const kinds = (await db.outbox.orderBy(':id').toArray()).map((e) => e.op.kind)
    expect(kinds).toEqual(['photo.upload', 'photo.upload', 'listing.upsert', 'images.replace'])
    const img = (await db.listing_images.toArray())[0]!
    expect(img.image_url).toBe(`${SELLER}/${id}/${img.id}.webp`)
  })

  it('a failing write leaves neither the mirror row nor the outbox entry', async () => {
    const { db, clock } = setup()
    await expect(setListingStatus(db, 'no-such-listing', 'sold', clock.now())).rejects.toThrow()
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('push', () => {
  it('drains a new listing in order: photos, then the listing, then its image rows, and marks it synced', async () => {
    const { db, server, scripted, deps, clock } = setup()
    await db.my_profile.put({
      ...server.profiles.get(SELLER)!,
      email: null,
      subscription_status: null,
      subscription_start_date: null,
      last_payment_date: null,
      sync_state: 'synced',
    })
    const id = await saveListing(db, SELLER, { fields: fields(), images: [photo(), photo()] }, clock.now())
    const firstPhoto = (await db.listing_images.where('listing_id').equals(id).sortBy('image_order'))[0]!.image_url
    // The card shows at once, offline: the first photo (its storage path; the blob is on the device) and the seller.
    expect(await db.listings.get(id)).toMatchObject({
      cover_image_url: firstPhoto,
      seller_first_name: 'Anna',
      seller_last_name: 'Müller',
    })
    const report = await drainOutbox(deps)
    expect(report).toMatchObject({ outcome: 'drained', acknowledged: 4, failed: 0 })
    expect(server.imagesOf(id).map((i) => i.image_url)).toHaveLength(2)
    // The listing and its photo set in one call (one server transaction): no reader sees it without its photos.
    expect(scripted.calls).toEqual(['uploadPhoto', 'uploadPhoto', 'saveListings'])
    expect(server.listings.get(id)?.title).toBe('Wool coat')
    expect(server.storage.size).toBe(2)
    const row = await db.listings.get(id)
    expect(row).toMatchObject({
      sync_state: 'synced',
      title: 'Wool coat',
      cover_image_url: firstPhoto,
      seller_first_name: 'Anna',
    })
    expect(await db.photo_blobs.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('a save acknowledged with no row on the device (kept aside without it) gets the seller name the device knows on its card', async () => {
    const { db, server, deps, clock } = setup()
    await db.profiles.put({ ...server.profiles.get(SELLER)! })
    const id = await saveListing(db, SELLER, { fields: fields(), images: [photo()] }, clock.now())
    await db.listings.delete(id)
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', failed: 0 })
    expect(await db.listings.get(id)).toMatchObject({
      sync_state: 'synced',
      seller_first_name: 'Anna',
      seller_last_name: 'Müller',
    })
  })

  it('batches listing upserts of different listings into one call', async () => {
    const { db, scripted, deps, clock } = setup()
    for (let i = 0; i < 5; i++)
      await saveListing(db, SELLER, { fields: fields({ title: `Item ${i}` }), images: [] }, clock.now())
    await drainOutbox(deps)
    expect(scripted.count('saveListings')).toBe(1)
  })

  it('sends only the last of consecutive edits of one listing (full state, nothing lost)', async () => {
    const { db, server, scripted, deps, clock } = setup()
    const id = await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    await drainOutbox(deps)
    for (const title of ['Coat A', 'Coat B', 'Coat C']) {
      clock.advance(1000)
      await saveListing(db, SELLER, { id, fields: fields({ title }), images: [] }, clock.now())
    }
    await drainOutbox(deps)
    expect(scripted.count('saveListings')).toBe(2)
    expect(server.listings.get(id)?.title).toBe('Coat C')
  })

  it('server committed, response lost: the retry creates no duplicate', async () => {
    const { db, server, scripted, deps, clock } = setup(BUYER)
    const { db: sdb, deps: sdeps } = setup(SELLER, server)
    const listingId = await saveListing(sdb, SELLER, { fields: fields(), images: [] }, clock.now())
    await drainOutbox(sdeps)
    await sendMessage(
      db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Is it still available?' },
      clock.now(),
    )
    scripted.loseAnswerNext('createConversations').loseAnswerNext('insertMessages')
    expect((await drainOutbox(deps)).outcome).toBe('offline')
    expect(server.conversations.size).toBe(1) // committed although the answer was lost
    expect((await drainOutbox(deps)).outcome).toBe('offline')
    expect((await drainOutbox(deps)).outcome).toBe('drained')
    expect(server.conversations.size).toBe(1)
    expect([...server.messages.values()].map((m) => m.content)).toEqual(['Is it still available?'])
    expect((await db.messages.toArray()).map((m) => m.sync_state)).toEqual(['synced'])
  })

  it('sends a conversation’s queued messages in one insert, in order, and conversations of several listings in one call', async () => {
    const { db, server, scripted, deps, clock } = setup(BUYER)
    const { db: sdb, deps: sdeps } = setup(SELLER, server)
    const listings = [
      await saveListing(sdb, SELLER, { fields: fields(), images: [] }, clock.now()),
      await saveListing(sdb, SELLER, { fields: fields(), images: [] }, clock.now()),
    ]
    await drainOutbox(sdeps)
    for (const [i, listingId] of listings.entries()) {
      for (const n of [1, 2, 3])
        await sendMessage(
          db,
          { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: `L${i} #${n}` },
          clock.now(),
        )
    }
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', acknowledged: 8 })
    expect(scripted.count('createConversations')).toBe(1)
    expect(scripted.count('insertMessages')).toBe(1)
    const thread = [...server.messages.values()]
      .sort((a, b) => (a.created_at < b.created_at ? -1 : 1))
      .map((m) => m.content)
    expect(thread).toEqual(['L0 #1', 'L0 #2', 'L0 #3', 'L1 #1', 'L1 #2', 'L1 #3'])
  })

  it('a refused message stops its conversation there: earlier ones are sent, later ones wait in order', async () => {
    const { db, server, scripted, deps, clock } = setup(BUYER)
    const { db: sdb, deps: sdeps } = setup(SELLER, server)
    const listingId = await saveListing(sdb, SELLER, { fields: fields(), images: [] }, clock.now())
    await drainOutbox(sdeps)
    const ids: string[] = []
    for (const n of [1, 2, 3])
      ids.push(
        await sendMessage(
          db,
          { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: `#${n}` },
          clock.now(),
        ),
      )
    const forbidden = { ok: false as const, reason: 'forbidden' as const, code: '42501', message: 'rls' }
    // The batch of three is refused, then #1 alone goes through, then #2 alone is refused.
    scripted.failNext('insertMessages', forbidden)
    scripted.passNext('insertMessages')
    scripted.failNext('insertMessages', forbidden)
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', failed: 1 })
    expect([...server.messages.values()].map((m) => m.content)).toEqual(['#1'])
    // The conversation waits for the user: #2 and #3 show as not sent, #3 still queued behind #2.
    expect((await db.messages.bulkGet(ids)).map((m) => m?.sync_state)).toEqual(['synced', 'failed', 'failed'])
    const left = await db.outbox.orderBy(':id').toArray()
    expect(left.map((e) => [e.op.kind === 'message.send' && e.op.message.id, e.state])).toEqual([
      [ids[1], 'failed'],
      [ids[2], 'queued'],
    ])
    expect(scripted.count('insertMessages')).toBe(3)
  })

  it('a message written behind a refused conversation shows that failure at once, and goes with it on retry', async () => {
    const { db, server, scripted, deps, clock } = setup(BUYER)
    const { db: sdb, deps: sdeps } = setup(SELLER, server)
    const listingId = await saveListing(sdb, SELLER, { fields: fields(), images: [] }, clock.now())
    await drainOutbox(sdeps)
    const input = { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER }
    const first = await sendMessage(db, { ...input, content: 'Hello' }, clock.now())
    scripted.failNext('createConversations', { ok: false, reason: 'forbidden', code: '42501', message: 'rls' })
    expect(await drainOutbox(deps)).toMatchObject({ failed: 1 })
    const second = await sendMessage(db, { ...input, content: 'Still there?' }, clock.now())
    expect((await db.messages.bulkGet([first, second])).map((m) => [m?.sync_state, m?.sync_error])).toEqual([
      ['failed', { code: 'listing_unavailable' }],
      ['failed', { code: 'listing_unavailable' }],
    ])
    const conversationId = (await db.messages.get(first))!.conversation_id
    await retryFailed(db, `conversation:${conversationId}`)
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', failed: 0 })
    expect([...server.messages.values()].map((m) => m.content)).toEqual(['Hello', 'Still there?'])
    expect((await db.messages.bulkGet([first, second])).map((m) => m?.sync_state)).toEqual(['synced', 'synced'])
  })

  it('a network error stops the drain without counting against the item, but the item is now "still trying"; 5xx backs off from 200 ms', async () => {
    const { db, scripted, deps, clock } = setup()
    await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    scripted.failNext('saveListings', { ok: false, reason: 'network', message: 'Failed to fetch' })
    expect((await drainOutbox(deps)).outcome).toBe('offline')
    expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 0, not_before: 0, first_failed_at: T0 })

    scripted.failNext('saveListings', { ok: false, reason: 'server', code: '500', message: 'Internal Server Error' })
    expect((await drainOutbox(deps)).outcome).toBe('drained')
    const waiting = (await db.outbox.toArray())[0]!
    expect(waiting.attempts).toBe(1)
    expect(waiting.not_before - clock.now()).toBeGreaterThanOrEqual(BACKOFF_BASE_MS / 2)
    expect(waiting.not_before - clock.now()).toBeLessThanOrEqual(BACKOFF_BASE_MS)
    expect(scripted.count('saveListings')).toBe(2)
    await drainOutbox(deps) // still backing off: not sent
    expect(scripted.count('saveListings')).toBe(2)
    clock.advance(BACKOFF_BASE_MS)
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', acknowledged: 1 })
  })

  it('5xx is never failure: the item retries with growing, jittered backoff for as long as it takes, then syncs', async () => {
    const { db, scripted, deps, clock } = setup()
    const id = await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    // About 10 minutes of 503s (more than the 8 answers after which the item used to be marked failed).
    const outage = 20
    scripted.failNext(
      'saveListings',
      { ok: false, reason: 'server', code: '503', message: 'Service Unavailable' },
      outage,
    )
    const waits: number[] = []
    for (let i = 0; i < outage; i++) {
      expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', failed: 0 })
      const e = (await db.outbox.toArray())[0]!
      expect(e).toMatchObject({ state: 'queued', attempts: i + 1, first_failed_at: T0 })
      waits.push(e.not_before - clock.now())
      clock.advance(e.not_before - clock.now())
    }
    expect(waits[1]!).toBeGreaterThan(waits[0]! / 2)
    expect(Math.max(...waits)).toBeLessThanOrEqual(30_000)
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(15_000)
    expect((await db.listings.get(id))?.sync_state).toBe('pending')
    expect((await pendingSummary(db)).retryingSince).toBe(T0)
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', acknowledged: 1 })
    expect((await db.listings.get(id))?.sync_state).toBe('synced')
    expect((await pendingSummary(db)).retryingSince).toBeNull()
  })

  it('429 stops the drain and the item waits at least the Retry-After; 5xx honours it too', async () => {
    const { db, scripted, deps, clock } = setup()
    await saveListing(db, SELLER, { fields: fields({ title: 'First' }), images: [] }, clock.now())
    await updateMyProfile(db, SELLER, { first_name: 'Anna', last_name: 'M', location: null }, clock.now())
    scripted.failNext('saveListings', {
      ok: false,
      reason: 'rate_limited',
      code: '429',
      message: 'Too Many Requests',
      retryAfterMs: 12_000,
    })
    expect((await drainOutbox(deps)).outcome).toBe('throttled')
    expect(scripted.count('updateProfile')).toBe(0) // the rest of the queue does not add to the load either
    const [listing] = await db.outbox.toArray()
    expect(listing!.not_before - clock.now()).toBe(12_000)
    clock.advance(12_000)
    scripted.failNext('saveListings', {
      ok: false,
      reason: 'server',
      code: '503',
      message: 'Service Unavailable',
      retryAfterMs: 5_000,
    })
    await drainOutbox(deps)
    expect((await db.outbox.toArray())[0]!.not_before - clock.now()).toBe(5_000)
    clock.advance(5_000)
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', failed: 0 })
    expect(await db.outbox.count()).toBe(0)
  })

  it('401 refreshes the session once and retries; a second 401 stops with writes kept', async () => {
    const { db, memory, scripted, deps, clock } = setup()
    await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    memory.tokenValid = false
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', acknowledged: 1 })
    expect(scripted.count('refreshSession')).toBe(1)

    await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    const expired = { ok: false as const, reason: 'unauthorized' as const, message: 'JWT expired' }
    scripted.failNext('saveListings', expired, 2)
    expect((await drainOutbox(deps)).outcome).toBe('unauthorized')
    expect(await db.outbox.count()).toBe(1)
  })

  it('a refresh that cannot reach the server leaves writes queued for later (offline)', async () => {
    const { db, scripted, deps, clock } = setup()
    await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    scripted.failNext('saveListings', { ok: false, reason: 'unauthorized', message: 'JWT expired' })
    scripted.failNext('refreshSession', { ok: false, reason: 'network', message: 'Failed to fetch' })
    expect((await drainOutbox(deps)).outcome).toBe('offline')
    expect(await db.outbox.count()).toBe(1)
  })

  it('a poison item (23514) goes to failed with the spec message while the rest of the queue syncs', async () => {
    const { db, server, deps, clock } = setup()
    const good1 = await saveListing(db, SELLER, { fields: fields({ title: 'Good one' }), images: [] }, clock.now())
    // Queued by an older version: the local check refuses such a listing now (one test below).
    const bad = await saveListingAsOlderVersion(db, SELLER, { fields: fields(), images: [photo()] }, clock.now(), {
      category: 'hats',
    })
    const good2 = await saveListing(
      db,
      SELLER,
      { fields: fields({ title: 'Good two' }), images: [photo()] },
      clock.now(),
    )
    await updateMyProfile(db, SELLER, { first_name: 'Anna', last_name: 'M.', location: 'Bern' }, clock.now())
    const report = await drainOutbox(deps)
    expect(report.failed).toBe(1)
    expect(server.listings.has(good1) && server.listings.has(good2)).toBe(true)
    expect(server.listings.has(bad)).toBe(false)
    expect(server.profiles.get(SELLER)?.location).toBe('Bern')
    const failed = await db.listings.get(bad)
    expect(failed).toMatchObject({ sync_state: 'failed', sync_error: { code: 'invalid_category', detail: 'hats' } })
    // The image rows behind the refused listing wait with it; nothing else is left.
    const left = await db.outbox.toArray()
    expect(left.every((e) => e.group === `listing:${bad}`)).toBe(true)
  })

  it('a refused edit (RLS 42501) reads "Failed to update listing"', async () => {
    const { db, deps, clock } = setup()
    const id = await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    await drainOutbox(deps)
    await setListingStatus(db, id, 'sold', clock.now() + 1)
    const forbiddenDeps = {
      ...deps,
      transport: new ScriptedTransport(deps.transport).failNext('saveListings', {
        ok: false,
        reason: 'forbidden',
        code: '42501',
        message: 'new row violates row-level security policy',
      }).transport,
    }
    await drainOutbox(forbiddenDeps)
    expect(await db.listings.get(id)).toMatchObject({
      sync_state: 'failed',
      sync_error: { code: 'listing_edit_failed' },
    })
  })

  it('a failed item can be retried by the user and then syncs', async () => {
    const { db, server, scripted, deps, clock } = setup()
    const engine = new SyncEngine({ ...deps, locks: null })
    const id = await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    scripted.failNext('saveListings', { ok: false, reason: 'rejected', code: '400', message: 'bad' })
    await engine.sync('manual')
    expect(engine.status.getState().failures).toHaveLength(1)
    await engine.retry(`listing:${id}`)
    await engine.idle()
    expect(server.listings.has(id)).toBe(true)
    expect((await db.listings.get(id))?.sync_state).toBe('synced')
    expect(engine.status.getState()).toMatchObject({ failures: [], pendingCount: 0 })
  })

  it('discarding a failed edit restores the server version; discarding a failed create removes it', async () => {
    const { db, server, scripted, deps, clock } = setup()
    const engine = new SyncEngine({ ...deps, locks: null })
    const id = await saveListing(db, SELLER, { fields: fields({ title: 'Original' }), images: [] }, clock.now())
    await engine.sync('manual')
    clock.advance(1000)
    await saveListing(db, SELLER, { id, fields: fields({ title: 'Edited' }), images: [] }, clock.now())
    scripted.failNext('saveListings', {
      ok: false,
      reason: 'check_violation',
      code: '23514',
      message: 'violates check constraint',
    })
    await engine.sync('manual')
    expect((await db.listings.get(id))?.title).toBe('Edited')
    await engine.discard(`listing:${id}`)
    expect(await db.listings.get(id)).toMatchObject({ title: 'Original', sync_state: 'synced' })
    expect(server.listings.get(id)?.title).toBe('Original')

    const fresh = await saveListingAsOlderVersion(db, SELLER, { fields: fields(), images: [photo()] }, clock.now(), {
      price: 0,
    })
    await engine.sync('manual')
    await engine.discard(`listing:${fresh}`)
    expect(await db.listings.get(fresh)).toBeUndefined()
    expect(await db.photo_blobs.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  /** A buyer with two devices and a listing on the server; `send` writes a message about it on one device. */
  async function buyerOnTwoDevices() {
    const server = new MemoryServer()
    const phone = setup(BUYER, server)
    const laptop = setup(BUYER, server)
    const seller = setup(SELLER, server)
    const listingId = await saveListing(seller.db, SELLER, { fields: fields(), images: [] }, T0)
    await drainOutbox(seller.deps)
    const send = (d: typeof phone, content: string, at: number, newConversationId?: string) =>
      sendMessage(
        d.db,
        { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content, newConversationId },
        at,
      )
    return { server, phone, laptop, send }
  }

  it('a conversation created first on another device is adopted, and the queued message follows it', async () => {
    const { server, phone, laptop, send } = await buyerOnTwoDevices()
    await send(phone, 'from phone', T0 + 1)
    await send(laptop, 'from laptop', T0 + 2)
    await drainOutbox(phone.deps)
    await drainOutbox(laptop.deps)
    expect(server.conversations.size).toBe(1)
    const [conv] = [...server.conversations.values()]
    expect([...server.messages.values()].every((m) => m.conversation_id === conv!.id)).toBe(true)
    expect((await laptop.db.conversations.toArray()).map((c) => c.id)).toEqual([conv!.id])
    expect((await laptop.db.messages.toArray())[0]).toMatchObject({ conversation_id: conv!.id, sync_state: 'synced' })
  })

  it('messages written after the other device’s conversation arrived stay behind the ones queued before it', async () => {
    const { server, phone, laptop, send } = await buyerOnTwoDevices()
    // The phone opens the conversation first (its id sorts first); the laptop, offline, opens its own.
    await send(phone, 'from phone', T0 + 1, '00000000-0000-4000-8000-00000000000a')
    await drainOutbox(phone.deps)
    laptop.memory.setOnline(false)
    await send(laptop, 'laptop 1', T0 + 2, 'ffffffff-0000-4000-8000-00000000000b')
    // A pull brings the phone's conversation to the laptop (the laptop's push still has no network).
    laptop.memory.setOnline(true)
    await pullAll({ db: laptop.db, transport: laptop.memory }, { reconcile: false })
    await send(laptop, 'laptop 2', T0 + 3)
    await drainOutbox(laptop.deps)
    const thread = [...server.messages.values()].sort((a, b) =>
      a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
    )
    expect(thread.map((m) => m.content)).toEqual(['from phone', 'laptop 1', 'laptop 2'])
    expect(new Set(thread.map((m) => m.conversation_id)).size).toBe(1)
  })

  it('a new engine on the same database after a crash mid-drain finishes the queue exactly once', async () => {
    const { db, server, memory, deps, clock } = setup()
    for (let i = 0; i < 3; i++)
      await saveListing(db, SELLER, { fields: fields({ title: `Item ${i}` }), images: [photo()] }, clock.now())
    // The first tab dies right after the server committed the photo uploads and the first listing batch.
    const crashing = new ScriptedTransport(memory).loseAnswerNext('uploadPhoto').loseAnswerNext('uploadPhoto')
    await drainOutbox({ ...deps, transport: crashing.transport })
    const commitsBefore = server.commits
    const restarted = new SyncEngine({
      db,
      transport: new MemoryTransport(server, SELLER, createRng(9)),
      clock,
      locks: null,
    })
    await restarted.sync('start')
    expect(await db.outbox.count()).toBe(0)
    expect(server.listings.size).toBe(3)
    expect(server.images.size).toBe(3)
    expect(server.commits).toBeGreaterThan(commitsBefore)
    expect((await db.listings.toArray()).every((l) => l.sync_state === 'synced')).toBe(true)
  })

  it('the same listing edited on two devices ends with the later edit by edit time, whatever the arrival order', async () => {
    const server = new MemoryServer()
    const a = setup(SELLER, server)
    const b = setup(SELLER, server)
    const id = await saveListing(a.db, SELLER, { fields: fields({ title: 'Version 0' }), images: [] }, T0)
    await drainOutbox(a.deps)
    const ea = new SyncEngine({ ...a.deps, locks: null })
    const eb = new SyncEngine({ ...b.deps, locks: null })
    await eb.sync('start')
    // Offline edits: device A edits later (T0+20s) but arrives first; device B's older edit (T0+10s) arrives last.
    await saveListing(b.db, SELLER, { id, fields: fields({ title: 'older edit on B' }), images: [] }, T0 + 10_000)
    await saveListing(a.db, SELLER, { id, fields: fields({ title: 'newer edit on A' }), images: [] }, T0 + 20_000)
    await ea.sync('online')
    await eb.sync('online')
    await ea.sync('timer')
    expect(server.listings.get(id)?.title).toBe('newer edit on A')
    expect((await a.db.listings.get(id))?.title).toBe('newer edit on A')
    expect(await b.db.listings.get(id)).toMatchObject({ title: 'newer edit on A', sync_state: 'synced' })
  })
})

describe('a listing and its photos commit together (one save)', () => {
  const imagesOf = async (db: KreisDatabase, id: string) =>
    (await db.listing_images.where('listing_id').equals(id).sortBy('image_order')).map((i) => ({
      id: i.id,
      image_url: i.image_url,
    }))
  const noBrokenImages = (server: MemoryServer) =>
    [...server.images.values()].filter((i) => !server.storage.has(i.image_url))

  it('a publish cut off after its photos never leaves a photo-less listing: the server has all of it or nothing', async () => {
    const { db, server, scripted, deps, clock } = setup()
    const id = await saveListing(db, SELLER, { fields: fields(), images: [photo(), photo(), photo()] }, clock.now())
    scripted.passNext('uploadPhoto').passNext('uploadPhoto').passNext('uploadPhoto')
    scripted.failNext('saveListings', { ok: false, reason: 'network', message: 'Failed to fetch' })
    expect((await drainOutbox(deps)).outcome).toBe('offline')
    expect(server.listings.has(id)).toBe(false)
    // The answer is lost, but the listing and all three photos committed together.
    scripted.loseAnswerNext('saveListings')
    await drainOutbox(deps)
    expect(server.listings.has(id)).toBe(true)
    expect(server.imagesOf(id)).toHaveLength(3)
    await drainOutbox(deps)
    expect(server.imagesOf(id)).toHaveLength(3)
    expect(await db.outbox.count()).toBe(0)
  })

  it('queued entries of the old two-step protocol (listing, then image rows) still drain, as one save', async () => {
    const { db, server, scripted, deps, clock } = setup()
    const id = await saveListing(db, SELLER, { fields: fields(), images: [photo()] }, clock.now())
    // As queued by the previous version: no edit time on the image set.
    await db.outbox.toCollection().modify((e) => {
      if (e.op.kind === 'images.replace') delete e.op.edited_at
    })
    await drainOutbox(deps)
    expect(scripted.calls).toEqual(['uploadPhoto', 'saveListings'])
    expect(server.imagesOf(id)).toHaveLength(1)
    expect(await db.listings.get(id)).toMatchObject({ sync_state: 'synced' })
  })

  it('photo sets: the later edit by edit time wins whatever the arrival order, and the losing device shows the winner', async () => {
    const server = new MemoryServer()
    const phone = setup(SELLER, server)
    const laptop = setup(SELLER, server)
    const id = await saveListing(phone.db, SELLER, { fields: fields(), images: [photo(), photo()] }, T0)
    await drainOutbox(phone.deps)
    await pullAll({ db: laptop.db, transport: laptop.memory }, { reconcile: false })
    const [p1, p2] = await imagesOf(phone.db, id)
    // The laptop (offline) drops photo 2 at T0+10s; the phone later drops photo 1 and adds a new one, and syncs first.
    await saveListing(laptop.db, SELLER, { id, fields: fields(), images: [p1!] }, T0 + 10_000)
    await saveListing(phone.db, SELLER, { id, fields: fields(), images: [p2!, photo()] }, T0 + 20_000)
    await drainOutbox(phone.deps)
    expect(server.deletedFiles).toEqual([p1!.image_url]) // deleted once the phone's set committed
    await drainOutbox(laptop.deps)
    const winner = server.imagesOf(id).map((i) => i.image_url)
    expect(winner).toHaveLength(2)
    expect(winner[0]).toBe(p2!.image_url)
    expect(noBrokenImages(server)).toEqual([])
    expect((await imagesOf(laptop.db, id)).map((i) => i.image_url)).toEqual(winner)
    expect(await laptop.db.listings.get(id)).toMatchObject({ sync_state: 'synced', cover_image_url: p2!.image_url })
  })

  it('a newer set that keeps a photo an older edit already deleted drops that photo instead of pointing at a missing file', async () => {
    const server = new MemoryServer()
    const phone = setup(SELLER, server)
    const laptop = setup(SELLER, server)
    const id = await saveListing(phone.db, SELLER, { fields: fields(), images: [photo(), photo()] }, T0)
    await drainOutbox(phone.deps)
    await pullAll({ db: laptop.db, transport: laptop.memory }, { reconcile: false })
    const [p1, p2] = await imagesOf(phone.db, id)
    await saveListing(phone.db, SELLER, { id, fields: fields(), images: [p2!] }, T0 + 10_000) // drops photo 1
    await saveListing(laptop.db, SELLER, { id, fields: fields(), images: [p2!, p1!] }, T0 + 20_000) // reorders, later
    await drainOutbox(phone.deps)
    await drainOutbox(laptop.deps)
    expect(server.imagesOf(id).map((i) => i.image_url)).toEqual([p2!.image_url])
    expect(noBrokenImages(server)).toEqual([])
    expect((await imagesOf(laptop.db, id)).map((i) => i.image_url)).toEqual([p2!.image_url])
  })

  it('a file is deleted only after the set without it committed, never while a committed set uses it', async () => {
    const { db, server, scripted, deps, clock } = setup()
    const id = await saveListing(db, SELLER, { fields: fields(), images: [photo(), photo()] }, clock.now())
    await drainOutbox(deps)
    const [p1, p2] = await imagesOf(db, id)
    await saveListing(db, SELLER, { id, fields: fields(), images: [p2!] }, clock.now() + 1000)
    scripted.failNext('saveListings', { ok: false, reason: 'server', code: '503', message: 'Service Unavailable' })
    await drainOutbox(deps)
    expect(server.storage.has(p1!.image_url)).toBe(true) // refused: the old set stands, its file too
    clock.advance(60_000)
    await drainOutbox(deps)
    expect(server.storage.has(p1!.image_url)).toBe(false)
    expect(server.storage.has(p2!.image_url)).toBe(true)
  })
})

describe('profiles: last edit wins by edit time', () => {
  it('an older offline profile edit arriving last changes nothing, and its device then shows the newer one', async () => {
    const server = new MemoryServer()
    const phone = setup(SELLER, server)
    const laptop = setup(SELLER, server)
    for (const d of [phone, laptop]) await pullAll({ db: d.db, transport: d.memory }, { reconcile: false })
    await updateMyProfile(laptop.db, SELLER, { first_name: 'Old', last_name: 'Edit', location: 'Bern' }, T0 + 10_000)
    await updateMyProfile(phone.db, SELLER, { first_name: 'New', last_name: 'Edit', location: 'Basel' }, T0 + 20_000)
    await drainOutbox(phone.deps)
    await drainOutbox(laptop.deps)
    expect(server.profiles.get(SELLER)).toMatchObject({ first_name: 'New', location: 'Basel' })
    expect(await laptop.db.my_profile.get(SELLER)).toMatchObject({
      first_name: 'New',
      location: 'Basel',
      sync_state: 'synced',
    })
  })
})

describe('a refusal after a lost answer first asks whether the server already has the write', () => {
  async function soldAfterLostAnswer(lose: 'createConversations' | 'insertMessages') {
    const { db, server, scripted, deps, clock } = setup(BUYER)
    const seller = setup(SELLER, server)
    const listingId = await saveListing(seller.db, SELLER, { fields: fields(), images: [] }, clock.now())
    await drainOutbox(seller.deps)
    if (lose === 'insertMessages') {
      await sendMessage(
        db,
        { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Hello' },
        clock.now(),
      )
      await drainOutbox(deps)
    }
    const id = await sendMessage(
      db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Is it still available?' },
      clock.now(),
    )
    scripted.loseAnswerNext(lose)
    if (lose === 'createConversations') scripted.loseAnswerNext('insertMessages')
    await drainOutbox(deps)
    if (lose === 'createConversations') await drainOutbox(deps)
    // Meanwhile the seller sells: a retry is refused (RLS comes before ON CONFLICT), although the message is there.
    await setListingStatus(seller.db, listingId, 'sold', clock.now() + 1000)
    await drainOutbox(seller.deps)
    expect((await drainOutbox(deps)).failed).toBe(0)
    return { db, server, id }
  }

  it('a message the server committed before the listing was sold is sent, not failed', async () => {
    const { db, server, id } = await soldAfterLostAnswer('insertMessages')
    expect(await db.messages.get(id)).toMatchObject({ sync_state: 'synced' })
    expect([...server.messages.values()].filter((m) => m.id === id)).toHaveLength(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('a conversation and its message committed before the sale are both acknowledged', async () => {
    const { db, server, id } = await soldAfterLostAnswer('createConversations')
    expect(await db.messages.get(id)).toMatchObject({ sync_state: 'synced' })
    expect((await db.conversations.toArray()).map((c) => c.sync_state)).toEqual(['synced'])
    expect(server.conversations.size).toBe(1)
  })

  it('a message the server never got is still refused once the listing is sold', async () => {
    const { db, server, scripted, deps, clock } = setup(BUYER)
    const seller = setup(SELLER, server)
    const listingId = await saveListing(seller.db, SELLER, { fields: fields(), images: [] }, clock.now())
    await drainOutbox(seller.deps)
    await sendMessage(
      db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Hello' },
      clock.now(),
    )
    await drainOutbox(deps)
    const id = await sendMessage(
      db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Still there?' },
      clock.now(),
    )
    await setListingStatus(seller.db, listingId, 'sold', clock.now() + 1000)
    await drainOutbox(seller.deps)
    expect((await drainOutbox(deps)).failed).toBe(1)
    expect(await db.messages.get(id)).toMatchObject({
      sync_state: 'failed',
      sync_error: { code: 'listing_unavailable' },
    })
    expect(scripted.count('findMessages')).toBe(1)
  })

  it('a failed message and conversation that reach the server later (a request given up on, processed late) become sent at the next drain', async () => {
    const { db, server, scripted, deps, clock } = setup(BUYER)
    const seller = setup(SELLER, server)
    const listingId = await saveListing(seller.db, SELLER, { fields: fields(), images: [] }, clock.now())
    await drainOutbox(seller.deps)
    await setListingStatus(seller.db, listingId, 'sold', clock.now() + 1000)
    await drainOutbox(seller.deps)
    const id = await sendMessage(
      db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Still there?' },
      clock.now(),
    )
    expect((await drainOutbox(deps)).failed).toBe(1)
    expect(await db.messages.get(id)).toMatchObject({ sync_state: 'failed' })
    // The first request, held up on the way, lands after the listing is for sale again.
    await setListingStatus(seller.db, listingId, 'active', clock.now() + 2000)
    await drainOutbox(seller.deps)
    const [queuedConversation, queuedMessage] = (await db.outbox.orderBy(':id').toArray()).map((e) => e.op)
    if (queuedConversation?.kind !== 'conversation.create' || queuedMessage?.kind !== 'message.send')
      throw new Error('unexpected outbox')
    expect(server.createConversations(BUYER, [queuedConversation.conversation]).ok).toBe(true)
    expect(server.insertMessages(BUYER, [queuedMessage.message]).ok).toBe(true)
    expect(await drainOutbox(deps)).toMatchObject({ acknowledged: 2, failed: 0 })
    expect(await db.messages.get(id)).toMatchObject({ sync_state: 'synced' })
    expect((await db.conversations.toArray()).map((c) => c.sync_state)).toEqual(['synced'])
    expect(await db.outbox.count()).toBe(0)
    // Nothing failed is left: the next drain asks the server nothing.
    const lookups = () => scripted.count('findMessages') + scripted.count('findConversations')
    const before = lookups()
    await drainOutbox(deps)
    expect(lookups()).toBe(before)
  })

  it('a lookup of failed writes that meets the network leaves them failed, and the next drain settles them', async () => {
    const { db, server, scripted, deps, clock } = setup(BUYER)
    const seller = setup(SELLER, server)
    const listingId = await saveListing(seller.db, SELLER, { fields: fields(), images: [] }, clock.now())
    await drainOutbox(seller.deps)
    await setListingStatus(seller.db, listingId, 'sold', clock.now() + 1000)
    await drainOutbox(seller.deps)
    const id = await sendMessage(
      db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Still there?' },
      clock.now(),
    )
    await drainOutbox(deps)
    await setListingStatus(seller.db, listingId, 'active', clock.now() + 2000)
    await drainOutbox(seller.deps)
    const ops = (await db.outbox.orderBy(':id').toArray()).map((e) => e.op)
    for (const op of ops) {
      if (op.kind === 'conversation.create') server.createConversations(BUYER, [op.conversation])
      if (op.kind === 'message.send') server.insertMessages(BUYER, [op.message])
    }
    scripted.failNext('findConversations', { ok: false, reason: 'network', message: 'Failed to fetch' })
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', acknowledged: 0, failed: 0 })
    expect(await db.messages.get(id)).toMatchObject({ sync_state: 'failed' })
    expect(await drainOutbox(deps)).toMatchObject({ acknowledged: 2, failed: 0 })
    expect(await db.messages.get(id)).toMatchObject({ sync_state: 'synced' })
  })

  it('failed messages alone (their conversation on the server) are looked up in one request and acknowledged', async () => {
    const { db, server, scripted, deps, clock } = setup(BUYER)
    const seller = setup(SELLER, server)
    const listingId = await saveListing(seller.db, SELLER, { fields: fields(), images: [] }, clock.now())
    await drainOutbox(seller.deps)
    await sendMessage(
      db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Hello' },
      clock.now(),
    )
    await drainOutbox(deps)
    await setListingStatus(seller.db, listingId, 'sold', clock.now() + 1000)
    await drainOutbox(seller.deps)
    const a = await sendMessage(
      db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Still there?' },
      clock.now(),
    )
    const b = await sendMessage(
      db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Hello?' },
      clock.now() + 1,
    )
    await drainOutbox(deps)
    expect(await db.messages.get(a)).toMatchObject({ sync_state: 'failed' })
    await setListingStatus(seller.db, listingId, 'active', clock.now() + 2000)
    await drainOutbox(seller.deps)
    const first = (await db.outbox.orderBy(':id').toArray()).find((e) => e.op.kind === 'message.send')!.op
    if (first.kind !== 'message.send') throw new Error('unexpected outbox')
    server.insertMessages(BUYER, [first.message])
    const lookups = scripted.count('findMessages')
    const report = await drainOutbox(deps)
    expect(scripted.count('findMessages')).toBe(lookups + 1)
    expect(scripted.count('findConversations')).toBe(0)
    // The first is acknowledged; the one held behind it is then sent (the listing is for sale again).
    expect(report).toMatchObject({ acknowledged: 2, failed: 0 })
    expect((await db.messages.bulkGet([a, b])).map((m) => m?.sync_state)).toEqual(['synced', 'synced'])
  })

  it('a failed message the server still does not have stays failed for the user', async () => {
    const { db, server, deps, clock } = setup(BUYER)
    const seller = setup(SELLER, server)
    const listingId = await saveListing(seller.db, SELLER, { fields: fields(), images: [] }, clock.now())
    await drainOutbox(seller.deps)
    await setListingStatus(seller.db, listingId, 'sold', clock.now() + 1000)
    await drainOutbox(seller.deps)
    const id = await sendMessage(
      db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Still there?' },
      clock.now(),
    )
    await drainOutbox(deps)
    expect(await drainOutbox(deps)).toMatchObject({ acknowledged: 0, failed: 0 })
    expect(await db.messages.get(id)).toMatchObject({
      sync_state: 'failed',
      sync_error: { code: 'listing_unavailable' },
    })
    expect(await db.outbox.count()).toBe(2)
  })
})
