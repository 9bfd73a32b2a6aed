// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { favouriteIds } from '@/db/repositories/favourites'
import { SupabaseTransport } from '@/remote/supabase-transport'
import { SyncEngine } from './engine'
import { markConversationRead } from './kinds/conversation-read'
import { toggleFavourite } from './kinds/favourite-set'
import { deleteListing } from './kinds/listing-delete'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { sendMessage } from './kinds/message-send'
import { setProfilePicture } from './kinds/profile-picture'
import { saveListingAsOlderVersion } from './testing/older-version'
import { startStack, stackDevice, type StackDevice, type StackHandle } from './testing/stack-devices'

let stack: StackHandle
let seller: StackDevice
let buyer: StackDevice
let buyerUser: { id: string; email: string; password: string }
let sellerUser: { id: string; email: string; password: string }
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
  tags: null,
  ...over,
})
const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' })
const photo = () => ({ blob: jpeg(), content_type: 'image/jpeg', ext: 'jpg' })
const now = () => Date.now() - 60_000
const publicFile = (path: string) =>
  fetch(`${stack.url}/storage/v1/object/public/listing-images/${path}`).then(
    async (r) => (await r.arrayBuffer(), r.status),
  )

async function until(cond: () => boolean, what: string) {
  // Bounded by time (generous, for a loaded machine), not by a count of short sleeps.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    if (cond()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`timed out waiting for ${what}`)
}

async function device(user: { id: string; email: string; password: string }) {
  const d = await stackDevice(stack, user)
  devices.push(d)
  return d
}

beforeAll(async () => {
  stack = await startStack()
  sellerUser = await stack.newUser({ firstName: 'Sara', lastName: 'Seller' })
  seller = await device(sellerUser)
  buyerUser = await stack.newUser({ firstName: 'Ben', lastName: 'Buyer' })
  buyer = await device(buyerUser)
})

afterAll(async () => {
  for (const d of devices) await d.close()
  await stack?.stop()
})

describe('the screens’ operations against the local stack', () => {
  it('a favourite reaches the account (RLS: own rows) and follows the user to a second device; clearing it too', async () => {
    const id = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Favourite coat' }), images: [] },
      now(),
    )
    await seller.engine.sync('write')
    await buyer.engine.sync('start')
    expect(await toggleFavourite(buyer.db, buyer.userId, id, now())).toBe(true)
    expect((await buyer.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    const { data } = await buyer.client.from('favorites').select('listing_id')
    expect(data).toEqual([{ listing_id: id }])
    // Others do not see it.
    const { data: theirs } = await seller.client.from('favorites').select('listing_id')
    expect(theirs).toEqual([])

    const tablet = await device(buyerUser)
    await tablet.engine.sync('start')
    expect(await favouriteIds(tablet.db)).toEqual([id])

    // Sent twice (an answer lost): still one row.
    await toggleFavourite(tablet.db, buyer.userId, id, now())
    await toggleFavourite(tablet.db, buyer.userId, id, now())
    tablet.net.loseAnswer = { match: (url, m) => m === 'POST' && url.includes('/rest/v1/rpc/set_favourite'), times: 1 }
    await tablet.engine.sync('write')
    await tablet.engine.sync('retry')
    expect((await buyer.client.from('favorites').select('listing_id')).data).toHaveLength(1)

    await toggleFavourite(buyer.db, buyer.userId, id, now())
    await buyer.engine.sync('write')
    await tablet.engine.sync('start')
    expect(await favouriteIds(tablet.db)).toEqual([])
    expect((await buyer.client.from('favorites').select('listing_id')).data).toEqual([])
  })

  it('an older favourite toggle from another device, arriving last, does not undo a newer one (last edit wins)', async () => {
    const id = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Contested scarf' }), images: [] },
      now(),
    )
    await seller.engine.sync('write')
    await buyer.engine.sync('start')
    const phone = await device(buyerUser)
    await phone.engine.sync('start')
    // On the phone, offline, a minute before: the heart is set (queued, not sent).
    expect(await toggleFavourite(phone.db, buyer.userId, id, now() - 60_000)).toBe(true)
    // Later on the laptop: set, then cleared, both sent.
    expect(await toggleFavourite(buyer.db, buyer.userId, id, now())).toBe(true)
    await buyer.engine.sync('write')
    expect(await toggleFavourite(buyer.db, buyer.userId, id, now())).toBe(false)
    expect((await buyer.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    // The phone's older set arrives last: stale, and the phone then shows the winner.
    expect((await phone.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    expect((await buyer.client.from('favorites').select('listing_id').eq('listing_id', id)).data).toEqual([])
    await phone.engine.sync('start')
    expect(await favouriteIds(phone.db)).not.toContain(id)
  })

  it('deleting a listing removes the row, its image rows and its files on the server, and is idempotent', async () => {
    const id = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'To be deleted' }), images: [photo(), photo()] },
      now(),
    )
    await seller.engine.sync('write')
    const { data: images } = await seller.client.from('listing_images').select('image_url').eq('listing_id', id)
    expect(images).toHaveLength(2)
    for (const i of images!) expect(await publicFile(i.image_url)).toBe(200)

    await deleteListing(seller.db, id, now())
    expect(await seller.db.listings.get(id)).toBeUndefined()
    seller.net.loseAnswer = { match: (url, m) => m === 'DELETE' && url.includes('/rest/v1/listings'), times: 1 }
    await seller.engine.sync('write')
    expect(await seller.db.outbox.count()).toBe(1) // the answer was lost: sent again
    expect((await seller.engine.sync('retry')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    expect(await seller.db.outbox.count()).toBe(0)
    expect((await seller.client.from('listings').select('id').eq('id', id)).data).toEqual([])
    expect((await seller.client.from('listing_images').select('id').eq('listing_id', id)).data).toEqual([])
    for (const i of images!) expect(await publicFile(i.image_url)).toBe(404)
  })

  it('a stale edit from the seller’s other device does not bring a deleted listing back (tombstone); that device drops it and its upload', async () => {
    const laptop = await device(sellerUser)
    const id = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Deleted on the phone' }), images: [photo()] },
      now(),
    )
    await seller.engine.sync('write')
    await laptop.engine.sync('start')
    const kept = (await laptop.db.listing_images.where('listing_id').equals(id).toArray()).map((i) => ({
      id: i.id,
      image_url: i.image_url,
    }))
    expect(kept).toHaveLength(1)
    // Edited on the laptop offline (a photo added) before the phone deletes it; the laptop comes back later.
    await saveListing(
      laptop.db,
      sellerUser.id,
      { id, fields: fields({ title: 'Edited on the laptop' }), images: [...kept, photo()] },
      now() + 1000,
    )
    await deleteListing(seller.db, id, now() + 2000)
    await seller.engine.sync('write')
    expect((await laptop.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    expect((await seller.client.from('listings').select('id').eq('id', id)).data).toEqual([])
    expect(await laptop.db.listings.get(id)).toBeUndefined()
    expect(await laptop.db.outbox.count()).toBe(0)
    const { data: files } = await seller.client.storage.from('listing-images').list(`${sellerUser.id}/${id}`)
    expect(files ?? []).toEqual([])
  })

  it('a profile picture is uploaded to the user’s folder and set on the profile; the previous file is removed', async () => {
    await seller.engine.sync('start')
    const first = await setProfilePicture(seller.db, seller.userId, jpeg(), 'image/jpeg', now())
    expect((await seller.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    const { data } = await seller.client.from('profiles').select('profile_picture_url').eq('id', seller.userId).single()
    expect(data?.profile_picture_url).toBe(first)
    expect(await publicFile(first)).toBe(200)
    expect(await seller.db.my_profile.get(seller.userId)).toMatchObject({
      profile_picture_url: first,
      sync_state: 'synced',
    })

    const second = await setProfilePicture(seller.db, seller.userId, jpeg(), 'image/jpeg', now())
    await seller.engine.sync('write')
    expect(await publicFile(second)).toBe(200)
    expect(await publicFile(first)).toBe(404)
  })

  it('profile pictures: the last edit by edit time wins (the trigger of migration 20261123002200); the loser’s file goes', async () => {
    const laptop = await device(sellerUser)
    await laptop.engine.sync('start')
    const older = await setProfilePicture(laptop.db, seller.userId, jpeg(), 'image/jpeg', Date.now() - 20_000)
    const newer = await setProfilePicture(seller.db, seller.userId, jpeg(), 'image/jpeg', Date.now() - 10_000)
    expect((await seller.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    expect((await laptop.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    const { data } = await seller.client.from('profiles').select('profile_picture_url').eq('id', seller.userId).single()
    expect(data?.profile_picture_url).toBe(newer)
    expect(await laptop.db.my_profile.get(seller.userId)).toMatchObject({
      profile_picture_url: newer,
      sync_state: 'synced',
    })
    expect(await publicFile(newer)).toBe(200)
    expect(await publicFile(older)).toBe(404)
  })

  it('a refused listing’s uploaded photo is removed from storage when the seller discards it (no orphan file)', async () => {
    const bad = await saveListingAsOlderVersion(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Refused' }), images: [photo()] },
      now(),
      { condition: 'like_new' },
    )
    await seller.engine.sync('write')
    expect((await seller.db.listings.get(bad))?.sync_state).toBe('failed')
    const [blob] = await seller.db.photo_blobs.where('listing_id').equals(bad).toArray()
    expect(blob?.uploaded).toBe(true)
    expect(await publicFile(blob!.path)).toBe(200)
    await seller.engine.discard(`listing:${bad}`)
    expect(await publicFile(blob!.path)).toBe(404)
  })

  it('after a listing is deleted, the buyer’s reconcile drops its conversation (RLS shows it no more)', async () => {
    const id = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Soon gone' }), images: [] },
      now(),
    )
    await seller.engine.sync('write')
    await buyer.engine.sync('start')
    await sendMessage(
      buyer.db,
      {
        listingId: id,
        sellerId: seller.userId,
        buyerId: buyer.userId,
        senderId: buyer.userId,
        content: 'Still there?',
      },
      now(),
    )
    const conversationId = (await buyer.db.conversations.filter((c) => c.listing_id === id).first())!.id
    await buyer.engine.sync('write')
    await deleteListing(seller.db, id, now())
    await seller.engine.sync('write')
    await buyer.engine.sync('visible')
    expect(await buyer.db.conversations.get(conversationId)).toBeUndefined()
    expect(await buyer.db.messages.where('listing_id').equals(id).count()).toBe(0)
  })

  it('a read mark reaches the server on the reader’s own column (last_message_at unchanged) and the other devices', async () => {
    const id = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Chat jacket' }), images: [] },
      now(),
    )
    await seller.engine.sync('write')
    await buyer.engine.sync('start')
    await sendMessage(
      buyer.db,
      {
        listingId: id,
        sellerId: seller.userId,
        buyerId: buyer.userId,
        senderId: buyer.userId,
        content: 'Still available?',
      },
      now(),
    )
    await buyer.engine.sync('write')
    await seller.engine.sync('start')
    const conversation = (await seller.db.conversations.filter((c) => c.listing_id === id).toArray())[0]!
    const message = (await seller.db.messages.where('listing_id').equals(id).toArray())[0]!
    await markConversationRead(seller.db, seller.userId, conversation.id, now())
    expect((await seller.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    const { data } = await seller.client
      .from('conversations')
      .select('seller_last_read_at, buyer_last_read_at, last_message_at')
      .eq('id', conversation.id)
      .single()
    expect(data?.buyer_last_read_at).toBeNull()
    expect(Date.parse(data!.seller_last_read_at as string)).toBe(Date.parse(message.created_at))
    expect(Date.parse(data!.last_message_at as string)).toBe(Date.parse(conversation.last_message_at!))
    expect((await seller.db.conversations.get(conversation.id))?.seller_last_read_at).toBe(message.created_at)
    await buyer.engine.sync('start')
    expect((await buyer.db.conversations.get(conversation.id))?.seller_last_read_at).toBe(message.created_at)
  })
})

describe('offline is not signed out', () => {
  it('an expired token and no network: still the user, nothing sent, no sign-in asked; back online it refreshes and pushes', async () => {
    const phone = await device(buyerUser)
    await phone.engine.sync('start')
    // The stored session's access token expires while the phone is offline.
    const auth = phone.client.auth as unknown as {
      storage: { getItem(k: string): Promise<string | null> | string | null; setItem(k: string, v: string): unknown }
      storageKey: string
    }
    const stored = JSON.parse((await auth.storage.getItem(auth.storageKey))!) as { expires_at: number }
    await auth.storage.setItem(
      auth.storageKey,
      JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 60 }),
    )
    vi.stubGlobal('navigator', { onLine: false })
    try {
      phone.net.offline = true
      phone.net.log.length = 0
      await phone.transport.session().then((s) => expect(s).toEqual({ userId: buyerUser.id }))
      const id = await saveListing(
        phone.db,
        buyerUser.id,
        { fields: fields({ title: 'Written offline' }), images: [] },
        now(),
      )
      const report = await phone.engine.sync('write')
      expect(report.push.outcome).toBe('offline')
      expect(phone.engine.status.getState()).toMatchObject({ online: false, needsSignIn: false, pendingCount: 1 })
      expect(phone.net.log).toEqual([])

      vi.stubGlobal('navigator', { onLine: true })
      phone.net.offline = false
      expect((await phone.engine.sync('online')).push).toMatchObject({ outcome: 'drained', acknowledged: 1 })
      expect(phone.net.log.some((l) => l.includes('grant_type=refresh_token'))).toBe(true)
      expect((await phone.client.from('listings').select('title').eq('id', id).single()).data).toEqual({
        title: 'Written offline',
      })
      expect(phone.engine.status.getState()).toMatchObject({ online: true, needsSignIn: false, pendingCount: 0 })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('a visitor', () => {
  it('mirrors the public feed (listings, images, seller names) without trying any private stream, and browses it offline', async () => {
    const id = await saveListing(
      seller.db,
      seller.userId,
      { fields: fields({ title: 'Public coat' }), images: [photo()] },
      now(),
    )
    await seller.engine.sync('write')
    const client = (stack as unknown as { anon(): ConstructorParameters<typeof SupabaseTransport>[0] }).anon()
    const paths: string[] = []
    const original = globalThis.fetch
    const db = new KreisDatabase(`visitor-${Math.random()}`)
    // Every request the visitor's engine makes is recorded (supabase-js calls the global fetch).
    globalThis.fetch = (input, init) => {
      paths.push(new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname)
      return original(input, init)
    }
    try {
      const engine = new SyncEngine({ db, transport: new SupabaseTransport(client), locks: null })
      const report = await engine.sync('start')
      expect(report.pullFailure).toBeNull()
      expect(await db.listings.get(id)).toMatchObject({ title: 'Public coat', seller_first_name: 'Sara' })
      expect(await db.listing_images.where('listing_id').equals(id).count()).toBe(1)
      expect(engine.status.getState()).toMatchObject({ needsSignIn: false, online: true })
      expect(engine.status.getState().lastSyncAt).not.toBeNull()
      const privateStreams = paths.filter((p) => /\/rest\/v1\/(conversations|messages|my_profile|favorites)/.test(p))
      expect(privateStreams).toEqual([])
      // Realtime: the public tables only, until the visitor signs in.
      type Channels = { getChannels(): { bindings: { postgres_changes?: { filter: { table: string } }[] } }[] }
      const tables = () =>
        [
          ...new Set(
            (client as unknown as Channels)
              .getChannels()
              .flatMap((c) => (c.bindings.postgres_changes ?? []).map((b) => b.filter.table)),
          ),
        ].sort()
      engine.start()
      await until(() => tables().length > 0, 'the realtime channel')
      expect(tables()).toEqual(['listings']) // the listings it holds (an image change touches its listing)
      const { error } = await (
        client as unknown as { auth: { signInWithPassword(c: object): Promise<{ error: unknown }> } }
      ).auth.signInWithPassword({
        email: buyerUser.email,
        password: buyerUser.password,
      })
      expect(error).toBeNull()
      await until(() => tables().length === 3, 'the signed-in channel')
      expect(tables()).toEqual(['conversations', 'listings', 'messages'])
      await engine.stop()
    } finally {
      globalThis.fetch = original
    }
    // Offline later: the mirror still answers.
    const reopened = new KreisDatabase(db.name)
    expect((await reopened.listings.get(id))?.title).toBe('Public coat')
    reopened.close()
    db.close()
    await db.delete()
  })
})
