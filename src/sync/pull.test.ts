// @vitest-environment node
// The pull by transaction (pull.ts, migration 20261125114800) against the memory server, whose transactions can
// commit late: a row of a transaction that committed after the device pulled past its time still arrives.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import type { ListingWrite } from '@/db/rows'
import { PULL_PAGE_SIZE } from './constants'
import type { Failure } from './protocol'
import { pullAll, refetchListing } from './pull'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { setFavorite } from './testing/memory-screen-ops'
import { createRng } from './testing/prng'
import { listingWrite, testId } from './testing/listing-write'
import { ScriptedTransport } from './testing/scripted-transport'

const SELLER = '00000000-0000-4000-8000-00000000000a'
const BUYER = '00000000-0000-4000-8000-00000000000b'

let db: KreisDatabase
let server: MemoryServer
let scripted: ScriptedTransport
beforeEach(() => {
  db = new KreisDatabase(`pull-${Math.random()}`)
  server = new MemoryServer()
  server.addUser(SELLER, 'Sam', 'Seller')
  server.addUser(BUYER, 'Bea', 'Buyer')
  scripted = new ScriptedTransport(new MemoryTransport(server, BUYER, createRng(1)))
})
afterEach(async () => {
  db.close()
  await db.delete()
})

let n = 0
const listing = (title: string, over: Partial<ListingWrite> = {}): ListingWrite =>
  listingWrite(SELLER, testId(++n), { title, ...over })
const pull = () => pullAll({ db, transport: scripted.transport }, { reconcile: false })
const position = async (stream: 'listings' | 'profiles' | 'conversations' | 'messages') =>
  (await db.cursors.get(stream))?.cursor

describe('a transaction that commits later than the pull', () => {
  it('its listing arrives at the next pull, although the device pulled rows committed after it began', async () => {
    await pull()
    const late = server.beginLate()
    const later = listing('Committed meanwhile')
    server.upsertListings(SELLER, [later])
    expect(await pull()).toBeNull()
    expect(await db.listings.get(later.id)).toBeDefined()
    const slow = listing('Committed late')
    server.commitLate(late, () => server.upsertListings(SELLER, [slow]))
    // Its row is older than the one the device already has (the cursor by time had passed it by far more than
    // the look-back), and realtime never told anyone.
    expect(server.listings.get(slow.id)!.updated_at < server.listings.get(later.id)!.updated_at).toBe(true)
    expect(await pull()).toBeNull()
    expect((await db.listings.get(slow.id))?.title).toBe('Committed late')
  })

  it('a late change of a row changed meanwhile is newer than that change, and the device takes it', async () => {
    const coat = listing('Coat')
    server.upsertListings(SELLER, [coat])
    await pull()
    const late = server.beginLate()
    server.upsertListings(SELLER, [{ ...coat, title: 'Coat, edited', edited_at: '2025-12-02T00:00:00.000Z' }])
    await pull()
    server.commitLate(late, () =>
      server.upsertListings(SELLER, [{ ...coat, title: 'Coat, edited again', edited_at: '2025-12-03T00:00:00.000Z' }]),
    )
    await pull()
    expect(await db.listings.get(coat.id)).toMatchObject({
      title: 'Coat, edited again',
      updated_at: server.listings.get(coat.id)!.updated_at,
    })
  })

  it('the next pull reads again from the oldest transaction in flight, then only what is new', async () => {
    await pull()
    const late = server.beginLate()
    server.upsertListings(SELLER, [listing('A')])
    await pull()
    expect(await position('listings')).toEqual({ since: late })
    server.commitLate(late, () => server.upsertListings(SELLER, [listing('B')]))
    await pull()
    expect(await position('listings')).toEqual({ since: server.horizon() })
    const before = scripted.count('pullWindowSince')
    await pull()
    expect(scripted.count('pullWindowSince')).toBe(before + 1)
  })
})

describe('pages and positions', () => {
  it('asks for the horizon once per pull, before the first page, and stores it when a stream is read to its end', async () => {
    server.upsertListings(SELLER, [listing('Scarf')])
    const h = server.horizon()
    await pull()
    expect(scripted.calls.slice(0, 2)).toEqual(['session', 'pullHorizon'])
    expect(scripted.count('pullHorizon')).toBe(1)
    for (const stream of ['listings', 'profiles', 'conversations', 'messages'] as const)
      expect(await position(stream)).toEqual({ since: h })
  })

  it('a pull cut off between pages resumes after the last page stored, and ends at the first horizon', async () => {
    server.upsertListings(
      SELLER,
      Array.from({ length: PULL_PAGE_SIZE + 3 }, (_, i) => listing(`Listing ${i}`)),
    )
    const first = server.horizon()
    scripted
      .passNext('pullWindowSince')
      .failNext('pullWindowSince', { ok: false, reason: 'network', message: 'Failed to fetch' })
    expect(await pull()).toMatchObject({ reason: 'network' })
    expect(await db.listings.count()).toBe(PULL_PAGE_SIZE)
    const cut = await position('listings')
    expect(cut).toMatchObject({ since: null, pass: { horizon: first } })
    server.upsertListings(SELLER, [listing('Meanwhile')])
    const calls = scripted.calls.length
    expect(await pull()).toBeNull()
    expect(await db.listings.count()).toBe(PULL_PAGE_SIZE + 4)
    // One page after the cut (no page read twice), no new horizon for the listings: the pass keeps its own.
    expect(scripted.calls.slice(calls).filter((c) => c === 'pullWindowSince')).toHaveLength(1)
    expect(await position('listings')).toEqual({ since: first })
  })

  it('without a horizon nothing is read and no position moves', async () => {
    await pull()
    const before = await position('listings')
    server.upsertListings(SELLER, [listing('Unseen')])
    scripted.failNext('pullHorizon', { ok: false, reason: 'server', code: '503', message: 'Service Unavailable' })
    expect(await pull()).toMatchObject({ reason: 'server' })
    expect(scripted.count('pullWindowSince')).toBe(1)
    expect(await position('listings')).toEqual(before)
  })

  it('an empty stream writes its position only when the horizon moved', async () => {
    await pull()
    let writes = 0
    db.cursors.hook('creating', () => void writes++)
    db.cursors.hook('updating', () => void writes++)
    await pull()
    expect(writes).toBe(0)
    server.upsertListings(SELLER, [listing('Moves the horizon')])
    await pull()
    expect(writes).toBeGreaterThan(0)
  })
})

describe('a device that pulled by time (an older version) moves over', () => {
  it('pulls once more by time from a little before its cursor, then by transaction from the horizon asked first', async () => {
    const old = listing('Already there')
    server.upsertListings(SELLER, [old])
    await db.cursors.put({
      stream: 'listings',
      cursor: { updated_at: server.listings.get(old.id)!.updated_at, id: old.id },
    })
    const late = server.beginLate()
    const meanwhile = listing('Meanwhile')
    server.upsertListings(SELLER, [meanwhile])
    await pull()
    expect(scripted.count('pullListings')).toBe(1)
    expect((await db.listings.get(meanwhile.id))?.title).toBe('Meanwhile')
    expect(await position('listings')).toEqual({ since: late })
    // A transaction that began before the move and commits after it is read by the next pull.
    const slow = listing('Late during the move')
    server.commitLate(late, () => server.upsertListings(SELLER, [slow]))
    await pull()
    expect(scripted.count('pullListings')).toBe(1)
    expect((await db.listings.get(slow.id))?.title).toBe('Late during the move')
  })

  it('a move cut off between pages resumes by time and keeps the horizon it asked first', async () => {
    server.upsertListings(SELLER, [listing('Before')])
    await db.cursors.put({ stream: 'listings', cursor: { updated_at: '2025-01-01T00:00:00.000000Z', id: '' } })
    server.upsertListings(
      SELLER,
      Array.from({ length: PULL_PAGE_SIZE + 1 }, (_, i) => listing(`Listing ${i}`)),
    )
    const first = server.horizon()
    scripted
      .passNext('pullListings')
      .failNext('pullListings', { ok: false, reason: 'network', message: 'Failed to fetch' })
    await pull()
    expect(await position('listings')).toMatchObject({ horizon: first })
    server.upsertListings(SELLER, [listing('Later')])
    await pull()
    expect(await db.listings.count()).toBe(PULL_PAGE_SIZE + 3)
    expect(await position('listings')).toEqual({ since: first })
  })
})

describe('what a pull brings besides its pages', () => {
  it('public profiles (a rename alone too), the own profile; with reconcile, ids drop what vanished', async () => {
    const l = listing('Scarf')
    server.upsertListings(SELLER, [l])
    await pull()
    expect((await db.profiles.get(SELLER))?.first_name).toBe('Sam')
    expect((await db.profiles.get(BUYER))?.first_name).toBe('Bea') // no listing brings it: the profiles stream
    expect((await db.my_profile.get(BUYER))?.first_name).toBe('Bea')
    server.updateProfile(SELLER, { id: SELLER, first_name: 'Samuel', last_name: 'Seller', location: null })
    await pull()
    expect((await db.profiles.get(SELLER))?.first_name).toBe('Samuel')
    server.listings.delete(l.id)
    await pull()
    expect(await db.listings.get(l.id)).toBeDefined() // no reconcile, no id lookup
    expect(scripted.count('windowListingIds')).toBe(0)
    expect(await pullAll({ db, transport: scripted.transport }, { reconcile: true })).toBeNull()
    expect(await db.listings.get(l.id)).toBeUndefined()
  })

  it('a failed lookup or read is reported (the first one), and what it guards stays as it was', async () => {
    const l = listing('Scarf')
    server.upsertListings(SELLER, [l])
    await pull()
    server.listings.delete(l.id)
    const refused: Failure = { ok: false, reason: 'server', code: '503', message: 'Service Unavailable' }
    for (const method of ['windowListingIds', 'visibleConversationIds', 'fetchMyProfile', 'pullFavorites'] as const) {
      scripted.failNext(method, { ...refused, message: method })
      expect(await pullAll({ db, transport: scripted.transport }, { reconcile: true })).toMatchObject({
        message: method,
      })
      if (method === 'windowListingIds') expect(await db.listings.get(l.id)).toBeDefined()
    }
  })

  it('a user the server does not know (no own profile) still pulls', async () => {
    const stranger = new ScriptedTransport(
      new MemoryTransport(server, '00000000-0000-4000-8000-0000000000ff', createRng(2)),
    )
    expect(await pullAll({ db, transport: stranger.transport }, { reconcile: false })).toBeNull()
    expect(await db.my_profile.count()).toBe(0)
  })

  it('refetchListing restores one listing, or reports why not', async () => {
    const l = listing('Scarf')
    server.upsertListings(SELLER, [l])
    expect(await refetchListing({ db, transport: scripted.transport }, l.id)).toBeNull()
    expect((await db.listings.get(l.id))?.title).toBe('Scarf')
    expect(
      await refetchListing({ db, transport: scripted.transport }, '00000000-0000-4000-8000-0000000000fe'),
    ).toBeNull()
    scripted.failNext('fetchListing', { ok: false, reason: 'network', message: 'Failed to fetch' })
    expect(await refetchListing({ db, transport: scripted.transport }, l.id)).toMatchObject({ reason: 'network' })
  })
})

describe('moving every stream over', () => {
  it('each stream stored by time is pulled by time once (profiles, conversations, messages too), then by transaction', async () => {
    const l = listing('Scarf')
    server.upsertListings(SELLER, [l])
    const conv = server.createConversations(BUYER, [
      { id: '00000000-0000-4000-8000-0000000000c1', listing_id: l.id, buyer_id: BUYER, seller_id: SELLER },
    ])
    if (!conv.ok) throw new Error(conv.message)
    server.insertMessages(BUYER, [
      {
        id: '00000000-0000-4000-8000-0000000000d1',
        conversation_id: conv.value[0]!.id,
        listing_id: l.id,
        sender_id: BUYER,
        receiver_id: SELLER,
        content: 'Hi',
      },
    ])
    const old = { updated_at: '2020-01-01T00:00:00.000000Z', id: '' }
    for (const stream of ['listings', 'profiles', 'conversations', 'messages'] as const)
      await db.cursors.put({ stream, cursor: old })
    const h = server.horizon()
    expect(await pull()).toBeNull()
    for (const m of ['pullListings', 'pullProfiles', 'pullConversations', 'pullMessages'] as const)
      expect(scripted.count(m)).toBe(1)
    expect(scripted.count('pullWindowSince')).toBe(0)
    expect((await db.profiles.get(BUYER))?.first_name).toBe('Bea') // from the profiles stream, moved over
    expect(await db.conversations.count()).toBe(1)
    expect((await db.messages.toArray()).map((m) => m.content)).toEqual(['Hi'])
    for (const stream of ['listings', 'profiles', 'conversations', 'messages'] as const)
      expect(await position(stream)).toEqual({ since: h })
  })

  it('without a horizon the move waits: nothing read, the time cursor kept', async () => {
    const old = { updated_at: '2020-01-01T00:00:00.000000Z', id: '' }
    await db.cursors.put({ stream: 'listings', cursor: old })
    scripted.failNext('pullHorizon', { ok: false, reason: 'network', message: 'Failed to fetch' })
    expect(await pull()).toMatchObject({ reason: 'network' })
    expect(scripted.count('pullListings')).toBe(0)
    expect(await position('listings')).toEqual(old)
  })

  it('a cut move stores exactly the last row’s time and id with its horizon', async () => {
    await db.cursors.put({ stream: 'listings', cursor: { updated_at: '2020-01-01T00:00:00.000000Z', id: '' } })
    server.upsertListings(
      SELLER,
      Array.from({ length: PULL_PAGE_SIZE + 1 }, (_, i) => listing(`Listing ${i}`)),
    )
    const h = server.horizon()
    scripted
      .passNext('pullListings')
      .failNext('pullListings', { ok: false, reason: 'network', message: 'Failed to fetch' })
    await pull()
    const rows = (await db.listings.toArray()).sort((a, b) =>
      a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : a.id < b.id ? -1 : 1,
    )
    const lastRow = rows.at(-1)!
    expect(await position('listings')).toEqual({ updated_at: lastRow.updated_at, id: lastRow.id, horizon: h })
  })
})

describe('a pull for a user who signed out on the way', () => {
  /** The buyer's private rows on the server: a conversation with a message, and a favourite. */
  function buyerRowsOnServer(): void {
    const l = listing('Scarf')
    server.upsertListings(SELLER, [l])
    const conv = server.createConversations(BUYER, [
      { id: '00000000-0000-4000-8000-0000000000c9', listing_id: l.id, buyer_id: BUYER, seller_id: SELLER },
    ])
    if (!conv.ok) throw new Error('no conversation')
    server.insertMessages(BUYER, [
      {
        id: '00000000-0000-4000-8000-0000000000d9',
        conversation_id: conv.value[0]!.id,
        listing_id: l.id,
        sender_id: BUYER,
        receiver_id: SELLER,
        content: 'Hi',
      },
    ])
    setFavorite(server, BUYER, BUYER, l.id, true, '2026-01-01T00:00:00.000Z')
  }
  const privateCounts = async () => [
    await db.conversations.count(),
    await db.messages.count(),
    await db.my_profile.count(),
    await db.favourites.count(),
  ]

  it('stores none of their private rows (conversations, messages, own profile, favourites); public ones still', async () => {
    buyerRowsOnServer()
    // The pull began as the buyer (the transport still holds their session); the device is nobody's by now.
    await db.meta.put({ key: 'owner', value: null })
    expect(await pull()).toBeNull()
    expect(await privateCounts()).toEqual([0, 0, 0, 0])
    expect(await db.listings.count()).toBe(1)
    // Another account signed in meanwhile: the same.
    await db.meta.put({ key: 'owner', value: SELLER })
    await pull()
    expect(await privateCounts()).toEqual([0, 0, 0, 0])
    // Still the buyer's device: all of them.
    await db.meta.put({ key: 'owner', value: BUYER })
    await pull()
    expect(await privateCounts()).toEqual([1, 1, 1, 1])
  })
})
