// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { favouriteIds, favouriteItems } from '@/db/repositories/favourites'
import { unreadCounts } from '@/db/repositories/inbox'
import type { ListingWrite } from '@/db/rows'
import { markConversationRead } from './kinds/conversation-read'
import { toggleFavourite } from './kinds/favourite-set'
import { deleteListing } from './kinds/listing-delete'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { sendMessage } from './kinds/message-send'
import { profilePicturePath, setProfilePicture } from './kinds/profile-picture'
import { updateMyProfile } from './kinds/profile-update'
import { discardFailed, pendingSummary } from './outbox'
import { pullAll } from './pull'
import { drainOutbox } from './push'
import { adoptOwner, clearUserData } from './signed-in-user'
import { favouritesOf } from './testing/memory-screen-ops'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { createRng } from './testing/prng'
import { ScriptedTransport } from './testing/scripted-transport'
import { VirtualClock } from './testing/harness'

const SELLER = '00000000-0000-4000-8000-000000000001'
const BUYER = '00000000-0000-4000-8000-000000000004'
const OTHER = '00000000-0000-4000-8000-000000000009'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const open: KreisDatabase[] = []

afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close()
    await db.delete()
  }
})

function device(userId: string, server: MemoryServer) {
  for (const [id, n] of [
    [SELLER, 'Anna'],
    [BUYER, 'Noah'],
    [OTHER, 'Otto'],
  ] as const)
    if (!server.profiles.has(id)) server.addUser(id, n, 'X')
  const rng = createRng(11)
  const db = new KreisDatabase(`screen-ops-${Math.random()}`)
  open.push(db)
  const scripted = new ScriptedTransport(new MemoryTransport(server, userId, rng))
  const clock = new VirtualClock(T0, rng)
  const deps = { db, transport: scripted.transport, clock }
  const sync = async () => {
    const push = await drainOutbox(deps)
    const pull = await pullAll(deps, { reconcile: true })
    return { push, pull }
  }
  return { db, clock, scripted, deps, sync, userId }
}

const fields = (over: Partial<ListingFields> = {}): ListingFields => ({
  title: 'Wool coat',
  description: 'Warm and barely worn',
  price: 80,
  condition: 'very_good',
  category: 'women',
  product_type: 'coat',
  brand: 'Acne',
  size: 'M',
  fabric: 'wool',
  location: 'Zurich',
  tags: null,
  ...over,
})
const photo = () => ({ blob: new Blob(['jpeg-bytes']), content_type: 'image/webp', ext: 'webp' })

/** A listing of the seller's, straight on the server. */
function serverListing(server: MemoryServer, over: Partial<ListingWrite> = {}): string {
  const id = crypto.randomUUID()
  const r = server.upsertListings(SELLER, [
    { id, user_id: SELLER, ...fields(), status: 'active', edited_at: new Date(T0).toISOString(), ...over },
  ])
  if (!r.ok) throw new Error(r.message)
  return id
}

describe('favourites', () => {
  it('a visitor’s favourite stays on the device: nothing is queued', async () => {
    const server = new MemoryServer()
    const { db, clock } = device(BUYER, server)
    expect(await toggleFavourite(db, null, 'l1', clock.now())).toBe(true)
    expect(await favouriteIds(db)).toEqual(['l1'])
    expect(await db.outbox.count()).toBe(0)
  })

  it('signed in, a favourite reaches the account and follows the user to another device; a removal follows too', async () => {
    const server = new MemoryServer()
    const listing = serverListing(server)
    const phone = device(BUYER, server)
    const laptop = device(BUYER, server)
    await phone.sync()
    expect(await toggleFavourite(phone.db, BUYER, listing, phone.clock.now())).toBe(true)
    expect((await phone.db.outbox.toArray()).map((e) => [e.group, e.op.kind])).toEqual([
      [`favourite:${listing}`, 'favourite.set'],
    ])
    await phone.sync()
    expect(await phone.db.outbox.count()).toBe(0)
    expect([...favouritesOf(server).values()].map((f) => [f.user_id, f.listing_id])).toEqual([[BUYER, listing]])

    await laptop.sync()
    expect(await favouriteIds(laptop.db)).toEqual([listing])
    // The card comes with it when the device holds the listing.
    expect((await favouriteItems(laptop.db))[0]).toMatchObject({
      availability: 'available',
      card: { title: 'Wool coat' },
    })

    expect(await toggleFavourite(laptop.db, BUYER, listing, laptop.clock.now())).toBe(false)
    await laptop.sync()
    expect(favouritesOf(server).size).toBe(0)
    await phone.sync()
    expect(await favouriteIds(phone.db)).toEqual([])
  })

  it('a pull does not undo a change that is not sent yet (offline toggle, then a pull that fails to push first)', async () => {
    const server = new MemoryServer()
    const listing = serverListing(server)
    const phone = device(BUYER, server)
    await toggleFavourite(phone.db, BUYER, listing, phone.clock.now())
    await phone.sync()
    await toggleFavourite(phone.db, BUYER, listing, phone.clock.now()) // removed, not sent yet
    await pullAll(phone.deps, { reconcile: false })
    expect(await favouriteIds(phone.db)).toEqual([])
    // Set, cleared, set again offline: consecutive changes go as the last one.
    await toggleFavourite(phone.db, BUYER, listing, phone.clock.now())
    phone.scripted.failNext('setFavorite', { ok: false, reason: 'network', message: 'offline' })
    await drainOutbox(phone.deps)
    await pullAll(phone.deps, { reconcile: false })
    expect(await favouriteIds(phone.db)).toEqual([listing])
    await phone.sync()
    // One request per attempt: the cleared-then-set pair went as the last state (the failed try counts too).
    expect(phone.scripted.count('setFavorite')).toBe(3)
    expect(favouritesOf(server).size).toBe(1)
  })

  it('a visitor’s favourites join the account at sign-in; another account’s favourites leave the device', async () => {
    const server = new MemoryServer()
    const a = serverListing(server)
    const b = serverListing(server, { title: 'Silk scarf' })
    const other = device(OTHER, server)
    await toggleFavourite(other.db, OTHER, b, other.clock.now())
    await other.sync()
    // The same database: a visitor favourites a, and an earlier account's favourite b is still there.
    const buyer = device(BUYER, server)
    await buyer.db.favourites.bulkPut([
      { listing_id: a, created_at: T0 },
      { listing_id: b, created_at: T0, user_id: OTHER },
    ])
    await buyer.sync() // the pull adopts a (queued) and drops b
    expect(await favouriteIds(buyer.db)).toEqual([a])
    await buyer.sync()
    expect(
      server && [...favouritesOf(server).values()].filter((f) => f.user_id === BUYER).map((f) => f.listing_id),
    ).toEqual([a])
  })

  it('a deleted favourite stays readable with the card kept when it was favourited; a sold one with its listing', async () => {
    const server = new MemoryServer()
    const sold = serverListing(server, { title: 'Sold boots' })
    const gone = serverListing(server, { title: 'Gone hat' })
    const buyer = device(BUYER, server)
    await buyer.sync()
    await toggleFavourite(buyer.db, BUYER, sold, buyer.clock.now())
    buyer.clock.advance(1000)
    await toggleFavourite(buyer.db, BUYER, gone, buyer.clock.now())
    await buyer.sync()
    const l = server.listings.get(sold)!
    server.upsertListings(SELLER, [{ ...l, status: 'sold', edited_at: new Date(T0 + 60_000).toISOString() }])
    server.listings.delete(gone)
    await buyer.sync() // the reconcile drops the deleted one; the sold one stays readable to the user who favourited it
    expect(await buyer.db.listings.toCollection().primaryKeys()).toEqual([sold])
    const items = await favouriteItems(buyer.db)
    expect(items.map((i) => [i.card?.title, i.availability, i.listing?.title ?? null])).toEqual([
      ['Gone hat', 'unavailable', null],
      ['Sold boots', 'sold', 'Sold boots'],
    ])
    // The favourites stay on the account too (no foreign key): the heart can still be cleared.
    expect(favouritesOf(server).size).toBe(2)
  })

  it('signing out (or another account taking the device) removes the account’s favourites; a visitor’s stay', async () => {
    const server = new MemoryServer()
    const { db, clock } = device(BUYER, server)
    await adoptOwner(db, BUYER)
    await toggleFavourite(db, BUYER, 'mine', clock.now())
    await toggleFavourite(db, null, 'visitors', clock.now())
    await clearUserData(db)
    expect(await favouriteIds(db)).toEqual(['visitors'])
    await adoptOwner(db, BUYER)
    await toggleFavourite(db, BUYER, 'mine', clock.now())
    await adoptOwner(db, OTHER)
    expect(await favouriteIds(db)).toEqual(['visitors'])
  })

  it('a sold listing the device still holds shows as sold', async () => {
    const server = new MemoryServer()
    const seller = device(SELLER, server)
    const id = await saveListing(seller.db, SELLER, { fields: fields(), images: [] }, seller.clock.now())
    await toggleFavourite(seller.db, SELLER, id, seller.clock.now())
    await seller.db.listings.update(id, { status: 'sold' })
    expect((await favouriteItems(seller.db))[0]).toMatchObject({
      availability: 'sold',
      card: { title: 'Wool coat', status: 'sold' },
    })
  })
})

describe('deleteListing', () => {
  it('the seller’s other device and the buyer drop the deleted listing’s conversation and messages at the next reconcile', async () => {
    const server = new MemoryServer()
    const phone = device(SELLER, server)
    const laptop = device(SELLER, server)
    const buyer = device(BUYER, server)
    const id = serverListing(server)
    for (const d of [phone, laptop, buyer]) await d.sync()
    await sendMessage(
      buyer.db,
      { listingId: id, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Still there?' },
      buyer.clock.now(),
    )
    for (const d of [buyer, phone, laptop]) await d.sync()
    expect(await laptop.db.conversations.count()).toBe(1)
    await deleteListing(phone.db, id, phone.clock.now())
    await phone.sync()
    expect(server.conversations.size).toBe(0)
    for (const d of [laptop, buyer]) {
      await d.sync()
      expect(await d.db.conversations.count()).toBe(0)
      expect(await d.db.messages.count()).toBe(0)
    }
  })

  it('a stale edit from the other device does not bring a deleted listing back; that device shows it gone and its upload goes', async () => {
    const server = new MemoryServer()
    const phone = device(SELLER, server)
    const laptop = device(SELLER, server)
    const id = await saveListing(phone.db, SELLER, { fields: fields(), images: [photo()] }, phone.clock.now())
    await phone.sync()
    await laptop.sync()
    // The laptop edits the listing offline (a new photo too), before the phone deletes it.
    const kept = (await laptop.db.listing_images.toArray()).map((i) => ({ id: i.id, image_url: i.image_url }))
    await saveListing(
      laptop.db,
      SELLER,
      { id, fields: fields({ title: 'Edited on the laptop' }), images: [...kept, photo()] },
      laptop.clock.now(),
    )
    phone.clock.advance(1000)
    await deleteListing(phone.db, id, phone.clock.now())
    await phone.sync()
    expect(server.listings.has(id)).toBe(false)
    const { push } = await laptop.sync()
    expect(push.outcome).toBe('drained')
    expect(server.listings.has(id)).toBe(false)
    expect(await laptop.db.listings.get(id)).toBeUndefined()
    expect(await laptop.db.listing_images.count()).toBe(0)
    expect(await laptop.db.photo_blobs.count()).toBe(0)
    expect(await laptop.db.outbox.count()).toBe(0)
    // The photo the laptop uploaded for its refused edit is removed, not orphaned.
    expect(server.storage.size).toBe(0)
    // The laptop's stale edit stays refused when it is sent again (an answer lost): idempotent.
    const again = server.saveListings(SELLER, [{ listing_id: id, listing: null, images: [], images_edited_at: null }])
    expect(again).toMatchObject({ ok: true, value: [{ listing: null, listing_id: id }] })
  })

  it('removes an own listing at once, then the server row, its image rows and its files', async () => {
    const server = new MemoryServer()
    const seller = device(SELLER, server)
    const buyer = device(BUYER, server)
    const id = await saveListing(
      seller.db,
      SELLER,
      { fields: fields(), images: [photo(), photo()] },
      seller.clock.now(),
    )
    await seller.sync()
    expect(server.storage.size).toBe(2)
    await buyer.sync()
    await sendMessage(
      buyer.db,
      { listingId: id, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Still there?' },
      buyer.clock.now(),
    )
    await buyer.sync()
    await seller.sync()
    expect(await seller.db.conversations.count()).toBe(1)

    await deleteListing(seller.db, id, seller.clock.now())
    expect(await seller.db.listings.get(id)).toBeUndefined()
    expect(await seller.db.listing_images.count()).toBe(0)
    expect(await seller.db.conversations.count()).toBe(0)
    expect(await seller.db.messages.count()).toBe(0)
    expect((await seller.db.outbox.toArray()).map((e) => e.op.kind)).toEqual(['listing.delete'])

    await seller.sync()
    expect(await seller.db.outbox.count()).toBe(0)
    expect(server.listings.has(id)).toBe(false)
    expect([...server.images.values()].filter((i) => i.listing_id === id)).toEqual([])
    expect(server.storage.size).toBe(0)
    expect(server.conversations.size).toBe(0)
    await buyer.sync()
    expect(await buyer.db.listings.get(id)).toBeUndefined()
  })

  it('is idempotent: an answer lost after the delete is sent again without harm', async () => {
    const server = new MemoryServer()
    const seller = device(SELLER, server)
    const id = await saveListing(seller.db, SELLER, { fields: fields(), images: [photo()] }, seller.clock.now())
    await seller.sync()
    await deleteListing(seller.db, id, seller.clock.now())
    seller.scripted.loseAnswerNext('deleteListing')
    expect((await drainOutbox(seller.deps)).outcome).toBe('offline')
    expect(server.listings.has(id)).toBe(false)
    expect((await seller.sync()).push).toMatchObject({ outcome: 'drained', acknowledged: 1 })
    expect(await seller.db.outbox.count()).toBe(0)
  })

  it('a listing never sent: its queued writes are dropped, and the delete still removes any photo that went up', async () => {
    const server = new MemoryServer()
    const seller = device(SELLER, server)
    const id = await saveListing(
      seller.db,
      SELLER,
      { fields: fields(), images: [photo(), photo()] },
      seller.clock.now(),
    )
    // The first photo went up, then the device went offline.
    seller.scripted
      .passNext('uploadPhoto')
      .failNext('uploadPhoto', { ok: false, reason: 'network', message: 'offline' })
    await drainOutbox(seller.deps)
    expect(server.storage.size).toBe(1)
    await deleteListing(seller.db, id, seller.clock.now())
    expect(await seller.db.photo_blobs.count()).toBe(0)
    expect((await seller.db.outbox.toArray()).map((e) => e.op.kind)).toEqual(['listing.delete'])
    await seller.sync()
    expect(server.listings.has(id)).toBe(false)
    expect(server.storage.size).toBe(0)
  })

  it('discarding a refused delete brings the listing back as the server has it', async () => {
    const server = new MemoryServer()
    const seller = device(SELLER, server)
    const id = await saveListing(seller.db, SELLER, { fields: fields(), images: [] }, seller.clock.now())
    await seller.sync()
    await deleteListing(seller.db, id, seller.clock.now())
    seller.scripted.failNext('deleteListing', { ok: false, reason: 'forbidden', code: '42501', message: 'denied' })
    await drainOutbox(seller.deps)
    expect((await pendingSummary(seller.db)).failures).toHaveLength(1)
    expect(await discardFailed(seller.db, `listing:${id}`)).toEqual({ refetchListing: undefined })
  })
})

describe('setProfilePicture', () => {
  it('shows the picture from the device at once, then uploads it and sets the profile; the previous file goes', async () => {
    const server = new MemoryServer()
    const me = device(SELLER, server)
    await me.sync()
    const first = await setProfilePicture(me.db, SELLER, new Blob(['a']), 'image/jpeg', me.clock.now())
    expect(first).toMatch(new RegExp(`^${SELLER}/profile/[0-9a-f-]+\\.jpg$`))
    expect(await me.db.my_profile.get(SELLER)).toMatchObject({ profile_picture_url: first, sync_state: 'pending' })
    expect(await me.db.photo_blobs.count()).toBe(1)
    await me.sync()
    expect(server.profiles.get(SELLER)?.profile_picture_url).toBe(first)
    expect([...server.storage.keys()]).toEqual([first])
    expect(await me.db.my_profile.get(SELLER)).toMatchObject({ profile_picture_url: first, sync_state: 'synced' })
    expect(await me.db.photo_blobs.count()).toBe(0)

    const second = await setProfilePicture(me.db, SELLER, new Blob(['b']), 'image/png', me.clock.now())
    expect(second).toBe(profilePicturePath(SELLER, second.split('/').pop()!.replace('.png', ''), 'image/png'))
    await me.sync()
    expect([...server.storage.keys()]).toEqual([second])
  })

  it('discarding a refused picture drops its local file and restores the server’s profile', async () => {
    const server = new MemoryServer()
    const me = device(SELLER, server)
    await me.sync()
    await setProfilePicture(me.db, SELLER, new Blob(['a']), 'image/jpeg', me.clock.now())
    me.scripted.failNext('setProfilePicture', { ok: false, reason: 'forbidden', code: '42501', message: 'denied' })
    await drainOutbox(me.deps)
    expect((await me.db.my_profile.get(SELLER))?.sync_state).toBe('failed')
    expect(await discardFailed(me.db, `profile:${SELLER}`)).toEqual({
      refetchProfile: true,
      uploaded: [expect.stringMatching(new RegExp(`^${SELLER}/profile/`))],
    })
    expect(await me.db.photo_blobs.count()).toBe(0)
    await me.sync()
    expect((await me.db.my_profile.get(SELLER))?.profile_picture_url).toBeNull()
  })

  it('last edit wins by edit time: an older picture arriving last changes nothing, its file goes, its device shows the newer one', async () => {
    const server = new MemoryServer()
    const laptop = device(SELLER, server)
    const phone = device(SELLER, server)
    for (const d of [laptop, phone]) await d.sync()
    const older = await setProfilePicture(laptop.db, SELLER, new Blob(['old']), 'image/jpeg', T0 + 10_000)
    const newer = await setProfilePicture(phone.db, SELLER, new Blob(['new']), 'image/jpeg', T0 + 20_000)
    expect((await laptop.db.outbox.toArray())[0]?.op).toMatchObject({
      kind: 'profile.picture',
      edited_at: new Date(T0 + 10_000).toISOString(),
    })
    await drainOutbox(phone.deps)
    await drainOutbox(laptop.deps)
    expect(server.profiles.get(SELLER)?.profile_picture_url).toBe(newer)
    expect([...server.storage.keys()]).toEqual([newer])
    expect(await laptop.db.my_profile.get(SELLER)).toMatchObject({ profile_picture_url: newer, sync_state: 'synced' })
    expect(older).not.toBe(newer)
  })

  it('a picture and a name edit are one profile: the later edit of either wins over the older', async () => {
    const server = new MemoryServer()
    const laptop = device(SELLER, server)
    const phone = device(SELLER, server)
    for (const d of [laptop, phone]) await d.sync()
    await setProfilePicture(laptop.db, SELLER, new Blob(['old']), 'image/jpeg', T0 + 10_000)
    await updateMyProfile(phone.db, SELLER, { first_name: 'Anna', last_name: 'New', location: null }, T0 + 20_000)
    await drainOutbox(phone.deps)
    await drainOutbox(laptop.deps)
    expect(server.profiles.get(SELLER)).toMatchObject({ last_name: 'New', profile_picture_url: null })
    expect(server.storage.size).toBe(0)
  })

  it('two pictures set offline: only the last goes up', async () => {
    const server = new MemoryServer()
    const me = device(SELLER, server)
    await me.sync()
    await setProfilePicture(me.db, SELLER, new Blob(['a']), 'image/jpeg', me.clock.now())
    const last = await setProfilePicture(me.db, SELLER, new Blob(['b']), 'image/webp', me.clock.now())
    await me.sync()
    expect(me.scripted.count('uploadPhoto')).toBe(1)
    expect([...server.storage.keys()]).toEqual([last])
    expect(await me.db.photo_blobs.count()).toBe(0)
  })
})

describe('markConversationRead', () => {
  async function conversationWithMessage() {
    const server = new MemoryServer()
    const seller = device(SELLER, server)
    const buyer = device(BUYER, server)
    const id = await saveListing(seller.db, SELLER, { fields: fields(), images: [] }, seller.clock.now())
    await seller.sync()
    await buyer.sync()
    await sendMessage(
      buyer.db,
      { listingId: id, sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: 'Hi' },
      buyer.clock.now(),
    )
    await buyer.sync()
    await seller.sync()
    const conversation = (await seller.db.conversations.toArray())[0]!
    return { server, seller, buyer, conversation }
  }

  it('marks the newest received message (server time) on the reader’s own column, on the server and other devices', async () => {
    const { server, seller, conversation } = await conversationWithMessage()
    const message = (await seller.db.messages.toArray())[0]!
    expect(await unreadCounts(seller.db, SELLER)).toEqual(new Map([[conversation.id, 1]]))
    await markConversationRead(seller.db, SELLER, conversation.id, seller.clock.now())
    expect(await unreadCounts(seller.db, SELLER)).toEqual(new Map())
    expect(await seller.db.conversations.get(conversation.id)).toMatchObject({
      seller_last_read_at: message.created_at,
      buyer_last_read_at: null,
    })
    expect((await seller.db.outbox.toArray()).map((e) => e.op)).toEqual([
      { kind: 'conversation.read', read_at: message.created_at },
    ])
    await seller.sync()
    expect(server.conversations.get(conversation.id)).toMatchObject({
      seller_last_read_at: message.created_at,
      last_message_at: conversation.last_message_at,
    })
    const tablet = device(SELLER, server)
    await tablet.sync()
    expect((await tablet.db.conversations.get(conversation.id))?.seller_last_read_at).toBe(message.created_at)
  })

  it('does nothing without a received message or when already read that far', async () => {
    const { seller, buyer, conversation } = await conversationWithMessage()
    await markConversationRead(buyer.db, BUYER, conversation.id, buyer.clock.now()) // the buyer only sent
    expect(await buyer.db.outbox.count()).toBe(0)
    await markConversationRead(seller.db, SELLER, conversation.id, seller.clock.now())
    await markConversationRead(seller.db, SELLER, conversation.id, seller.clock.now())
    expect(await seller.db.outbox.count()).toBe(1)
    await markConversationRead(seller.db, OTHER, conversation.id, seller.clock.now())
    expect(await seller.db.outbox.count()).toBe(1)
  })

  it('a pull of an older version never moves the device’s mark back', async () => {
    const { server, seller, conversation } = await conversationWithMessage()
    await markConversationRead(seller.db, SELLER, conversation.id, seller.clock.now())
    seller.scripted.failNext('markConversationRead', { ok: false, reason: 'network', message: 'offline' })
    await drainOutbox(seller.deps)
    // The server's row moves on (a new message) while the mark is unsent; the pull brings the row without it.
    const before = (await seller.db.conversations.get(conversation.id))!.seller_last_read_at
    server.conversations.set(conversation.id, {
      ...server.conversations.get(conversation.id)!,
      updated_at: server.now(),
    })
    await pullAll(seller.deps, { reconcile: false })
    expect((await seller.db.conversations.get(conversation.id))?.seller_last_read_at).toBe(before)
    await seller.sync()
    expect(server.conversations.get(conversation.id)?.seller_last_read_at).toBe(before)
  })
})
