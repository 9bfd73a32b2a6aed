// @vitest-environment node
// The drain's course in the cases push.test.ts does not reach: a refresh the server refuses, a 401 after a
// success, the search for a refused row when a batch is refused, lookups of a refused write that meet the network,
// a 5xx, a 401 or a refusal, and when "still trying" starts.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { freshDatabases } from '@/db/testing/fresh-databases'
import { saveListing, setListingStatus, type ListingFields } from './kinds/listing-save'
import { sendMessage } from './kinds/message-send'
import { updateMyProfile } from './kinds/profile-update'
import type { Failure } from './protocol'
import { drainOutbox } from './push'
import { VirtualClock } from './testing/harness'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { saveListingAsOlderVersion } from './testing/older-version'
import { createRng } from './testing/prng'
import { ScriptedTransport } from './testing/scripted-transport'

const SELLER = '00000000-0000-4000-8000-000000000001'
const BUYER = '00000000-0000-4000-8000-000000000004'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const fresh = freshDatabases('push-course')

function setup(userId = SELLER, server = new MemoryServer()) {
  if (!server.profiles.has(SELLER)) server.addUser(SELLER, 'Anna', 'Müller')
  if (!server.profiles.has(BUYER)) server.addUser(BUYER, 'Noah', 'Keller')
  const rng = createRng(9)
  const db = fresh()
  const scripted = new ScriptedTransport(new MemoryTransport(server, userId, rng))
  const clock = new VirtualClock(T0, rng)
  return { server, db, scripted, clock, deps: { db, transport: scripted.transport, clock } }
}

const fields = (over: Partial<ListingFields> = {}): ListingFields => ({
  title: 'Wool coat',
  description: 'Warm',
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
const fail = (reason: Failure['reason'], message = reason): Failure => ({ ok: false, reason, message })

describe('401', () => {
  it.each([
    ['the server refuses the refresh: writes wait for a sign-in', fail('unauthorized'), 'unauthorized'],
    ['the refresh meets the network: writes wait for it', fail('network'), 'offline'],
  ])('%s', async (_name, refresh, outcome) => {
    const { db, scripted, deps, clock } = setup()
    await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    scripted.failNext('saveListings', fail('unauthorized')).failNext('refreshSession', refresh)
    expect(await drainOutbox(deps)).toMatchObject({ outcome, acknowledged: 0, failed: 0 })
    expect(await db.outbox.count()).toBe(1)
  })

  it('a 401 after a request went through (the token expired meanwhile) is refreshed again', async () => {
    const { db, scripted, deps, clock } = setup()
    await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    await db.my_profile.put({
      id: SELLER,
      first_name: 'Anna',
      last_name: null,
      location: null,
      profile_picture_url: null,
      created_at: '',
      updated_at: '',
      email: null,
      subscription_status: null,
      subscription_start_date: null,
      last_payment_date: null,
      sync_state: 'synced',
    })
    await updateMyProfile(db, SELLER, { first_name: 'Anna', last_name: 'M', location: null }, clock.now())
    // The listing: 401, refresh, sent. The profile edit: 401 again — a new expiry, not the same refusal.
    scripted.failNext('saveListings', fail('unauthorized')).failNext('updateProfile', fail('unauthorized'))
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', acknowledged: 2 })
    expect(scripted.count('refreshSession')).toBe(2)
  })
})

describe('a refused batch', () => {
  it('is retried unit by unit: the refused one fails, the others of the request go, whatever their place', async () => {
    const { db, server, deps, clock } = setup()
    const good = await saveListing(db, SELLER, { fields: fields({ title: 'Good one' }), images: [] }, clock.now())
    const bad = await saveListingAsOlderVersion(db, SELLER, { fields: fields(), images: [] }, clock.now(), { price: 0 })
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', acknowledged: 1, failed: 1 })
    expect([server.listings.has(good), server.listings.has(bad)]).toEqual([true, false])
    expect((await db.listings.get(good))?.sync_state).toBe('synced')
    expect((await db.listings.get(bad))?.sync_state).toBe('failed')
  })

  it('a unit retried alone that meets the network stops the drain; the ones after it are not sent', async () => {
    const { db, scripted, deps, clock } = setup()
    await saveListingAsOlderVersion(db, SELLER, { fields: fields(), images: [] }, clock.now(), { price: 0 })
    await saveListing(db, SELLER, { fields: fields({ title: 'Good one' }), images: [] }, clock.now())
    scripted.passNext('saveListings').failNext('saveListings', fail('network'))
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'offline', acknowledged: 0, failed: 0 })
    expect(scripted.count('saveListings')).toBe(2)
    expect((await db.outbox.toArray()).every((e) => e.state === 'queued')).toBe(true)
  })
})

describe('a refused message is looked up on the server first', () => {
  /** A buyer's message to a listing sold meanwhile: the insert is refused, then looked up. */
  async function refusedMessage() {
    const server = new MemoryServer()
    const seller = setup(SELLER, server)
    const buyer = setup(BUYER, server)
    const listingId = await saveListing(seller.db, SELLER, { fields: fields(), images: [] }, seller.clock.now())
    await drainOutbox(seller.deps)
    await sendMessage(
      buyer.db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Hello' },
      buyer.clock.now(),
    )
    await drainOutbox(buyer.deps)
    const id = await sendMessage(
      buyer.db,
      { listingId, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Still there?' },
      buyer.clock.now(),
    )
    await setListingStatus(seller.db, listingId, 'sold', seller.clock.now() + 1000)
    await drainOutbox(seller.deps)
    return { ...buyer, id, server }
  }

  it('it was there (its first answer was lost): acknowledged, counted as such', async () => {
    const { db, scripted, deps, id, server } = await refusedMessage()
    const entry = (await db.outbox.toArray())[0]!
    if (entry.op.kind !== 'message.send') throw new Error('unexpected outbox')
    expect(server.insertMessages(BUYER, [entry.op.message]).ok).toBe(false) // sold: a new insert is refused…
    server.messages.set(id, {
      ...entry.op.message,
      created_at: '2025-06-01T10:00:00.000000Z',
      updated_at: '2025-06-01T10:00:00.000000Z',
    }) // …but the first one landed
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', acknowledged: 1, failed: 0 })
    expect(await db.messages.get(id)).toMatchObject({ sync_state: 'synced' })
    expect(scripted.count('findMessages')).toBe(1)
  })

  it.each<[string, Failure, string, 'queued' | 'failed']>([
    ['the lookup meets the network: no verdict, the message waits', fail('network'), 'offline', 'queued'],
    ['the lookup meets a 429: no verdict, the message waits', fail('rate_limited'), 'throttled', 'queued'],
    ['the lookup meets a 5xx: the message backs off', fail('server'), 'drained', 'queued'],
    ['the lookup is refused: the message fails', fail('forbidden'), 'drained', 'failed'],
  ])('%s', async (_name, lookup, outcome, state) => {
    const { db, scripted, deps, id } = await refusedMessage()
    scripted.failNext('findMessages', lookup)
    expect(await drainOutbox(deps)).toMatchObject({ outcome, acknowledged: 0, failed: state === 'failed' ? 1 : 0 })
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual([state])
    expect((await db.messages.get(id))?.sync_state).toBe(state === 'failed' ? 'failed' : 'pending')
    // One refusal, one lookup: a verdict is not put off to another round.
    expect([scripted.count('findMessages'), scripted.count('insertMessages')]).toEqual([1, 2])
    if (lookup.reason === 'server')
      expect((await db.outbox.toArray())[0]).toMatchObject({ attempts: 1, not_before: expect.any(Number) })
  })

  it('the lookup meets a 401: the session is refreshed and the message sent again', async () => {
    const { scripted, deps } = await refusedMessage()
    const inserts = scripted.count('insertMessages')
    scripted.failNext('findMessages', fail('unauthorized'))
    await drainOutbox(deps)
    expect(scripted.count('refreshSession')).toBe(1)
    expect(scripted.count('insertMessages')).toBe(inserts + 2)
  })
})

describe('"still trying since"', () => {
  it('starts at the first failure of a spell and does not move while the network stays away', async () => {
    const { db, scripted, deps, clock } = setup()
    await saveListing(db, SELLER, { fields: fields(), images: [] }, clock.now())
    scripted.failNext('saveListings', fail('network'), 2)
    const first = clock.now()
    expect((await drainOutbox(deps)).outcome).toBe('offline')
    clock.advance(5000)
    expect((await drainOutbox(deps)).outcome).toBe('offline')
    expect((await db.outbox.toArray())[0]).toMatchObject({ first_failed_at: first, attempts: 0 })
  })
})
