// @vitest-environment node
// signed-in-user.ts rule by rule (S1). The auth module (src/remote/auth, supabase-js) is replaced at its own seam: these
// tests are about what the device does with the session, not about GoTrue.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { sendMessage } from './kinds/message-send'
import { updateMyProfile } from './kinds/profile-update'

type User = { userId: string; email: string | null } | null
const auth = vi.hoisted(() => ({
  user: null as User,
  /** Fails the next read of the cached session, as a start whose code could not be fetched does. */
  failNext: false,
  listeners: [] as ((u: User) => void)[],
  signOut: { ok: true } as { ok: true } | { ok: false; message: string },
  signOuts: 0,
  /** What supabase-js does inside signOut: tell its listeners the session is gone. */
  onSignOut: null as (() => void) | null,
}))
vi.mock('@/remote/auth', () => ({
  currentSession: async () => {
    if (auth.failNext) {
      auth.failNext = false
      throw new TypeError('Failed to fetch dynamically imported module')
    }
    return auth.user
  },
  onAuthChange: (l: (u: User) => void) => {
    auth.listeners.push(l)
    return () => {}
  },
  signOut: async () => {
    auth.signOuts++
    if (auth.signOut.ok) auth.onSignOut?.()
    return auth.signOut
  },
}))

const { adoptOwner, applyAuthUser, clearUserData, sessionStore, signOutUser, initSession } =
  await import('./signed-in-user')
const { writesWaitingForOtherAccounts } = await import('./outbox')
const { noteListingOpened } = await import('@/db/repositories/window')
const { recentListings } = await import('@/db/window-eviction')
const recentListingIds = (db: KreisDatabase) => db.transaction('r', db.meta, () => recentListings(db as never))

const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const fields: ListingFields = {
  title: 'Cap',
  description: 'A summer cap',
  price: 12,
  condition: 'acceptable',
  category: 'accessories',
  product_type: null,
  brand: null,
  size: null,
  fabric: null,
  location: 'Bern',
  tags: null,
}
const dbs: KreisDatabase[] = []
const fresh = () => {
  const db = new KreisDatabase(`session-units-${Math.random()}`)
  dbs.push(db)
  return db
}
beforeEach(() => {
  auth.signOut = { ok: true }
  auth.signOuts = 0
  auth.onSignOut = null
})
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close()
    await db.delete()
  }
})

describe('the session store', () => {
  it('starts as loading', () => {
    expect(sessionStore.getState()).toEqual({ status: 'loading' })
  })
})

describe('adoptOwner', () => {
  it('the first account on a device keeps what is there (a visitor’s drafts and mirror) and is stored as the owner', async () => {
    const db = fresh()
    await db.drafts.put({ id: 'd1', listing_id: null, fields: { title: 'Visitor draft' }, updated_at: T0 })
    await db.listings.put({
      id: 'l1',
      user_id: 'x',
      title: 'Seen',
      description: '',
      price: 1,
      condition: 'acceptable',
      category: 'men',
      product_type: null,
      brand: null,
      size: null,
      fabric: null,
      location: null,
      tags: null,
      status: 'active',
      edited_at: '',
      created_at: '',
      updated_at: '',
      sync_state: 'synced',
      cover_image_url: null,
      seller_first_name: null,
      seller_last_name: null,
    })
    expect(await adoptOwner(db, 'user-a')).toBe(false)
    expect(await db.drafts.count()).toBe(1)
    expect(await db.listings.count()).toBe(1)
    expect((await db.meta.get('owner'))?.value).toBe('user-a')
  })

  it('an account with nothing unsent leaves nothing aside', async () => {
    const db = fresh()
    await adoptOwner(db, 'user-a')
    await adoptOwner(db, 'user-b')
    expect(await db.meta.get('parked:user-a')).toBeUndefined()
    expect((await db.meta.get('owner'))?.value).toBe('user-b')
  })

  it('an account with only a draft: the draft is kept aside and comes back', async () => {
    const db = fresh()
    await adoptOwner(db, 'user-a')
    await db.drafts.put({ id: 'd1', listing_id: null, fields: { title: 'Half done' }, updated_at: T0 })
    await db.draft_photos.put({
      id: 'p1',
      draft_id: 'd1',
      blob: new Blob(['x']),
      content_type: 'image/webp',
      position: 0,
    })
    await adoptOwner(db, 'user-b')
    expect(await db.drafts.count()).toBe(0)
    expect(await db.meta.get('parked:user-a')).toBeDefined()
    await adoptOwner(db, 'user-a')
    expect(await db.drafts.get('d1')).toMatchObject({ fields: { title: 'Half done' } })
    expect(await db.draft_photos.get('p1')).toBeDefined()
  })

  it('what an account leaves aside twice adds up, in order; the queue comes back after what is queued now', async () => {
    const db = fresh()
    await adoptOwner(db, 'user-a')
    await saveListing(db, 'user-a', { fields: { ...fields, title: 'First' }, images: [] }, T0)
    await db.draft_photos.put({
      id: 'p1',
      draft_id: 'd1',
      blob: new Blob(['x']),
      content_type: 'image/webp',
      position: 0,
    })
    await db.drafts.put({ id: 'd1', listing_id: null, fields: { title: 'One' }, updated_at: T0 })
    await adoptOwner(db, 'user-b')
    await adoptOwner(db, 'user-c')
    // A's writes were kept aside while B was signed in; C's sign-in must not touch them. A writes again later.
    await adoptOwner(db, 'user-a')
    await adoptOwner(db, 'user-b')
    expect(await db.meta.get('parked:user-a')).toBeDefined()
    await adoptOwner(db, 'user-a')
    await saveListing(db, 'user-a', { fields: { ...fields, title: 'Second' }, images: [] }, T0 + 1)
    await db.draft_photos.put({
      id: 'p2',
      draft_id: 'd2',
      blob: new Blob(['y']),
      content_type: 'image/webp',
      position: 0,
    })
    await db.drafts.put({ id: 'd2', listing_id: null, fields: { title: 'Two' }, updated_at: T0 })
    await adoptOwner(db, 'user-b')
    const parked = (await db.meta.get('parked:user-a'))?.value as {
      outbox: { op: { listing: { title: string } } }[]
      draft_photos: { id: string }[]
      drafts: { id: string }[]
    }
    expect(parked.outbox.map((e) => e.op.listing.title)).toEqual(['First', 'Second'])
    expect(parked.drafts.map((d) => d.id)).toEqual(['d1', 'd2'])
    expect(parked.draft_photos.map((d) => d.id)).toEqual(['p1', 'p2'])
  })
})

describe('writes kept aside come back on screen', () => {
  it('the rows that show them (listing and photos, new conversation and message, edited profile) return as they were', async () => {
    const db = fresh()
    await adoptOwner(db, 'user-a')
    const listingId = await saveListing(
      db,
      'user-a',
      { fields, images: [{ id: 'img1', image_url: 'https://example.test/a.jpg' }] },
      T0,
    )
    await sendMessage(
      db,
      { listingId: 'l-other', sellerId: 'user-s', buyerId: 'user-a', senderId: 'user-a', content: 'Still there?' },
      T0 + 1,
    )
    const iso = new Date(T0).toISOString()
    await db.my_profile.put({
      id: 'user-a',
      first_name: 'Old',
      last_name: 'A',
      location: null,
      profile_picture_url: null,
      created_at: iso,
      updated_at: iso,
      email: null,
      subscription_status: null,
      subscription_start_date: null,
      last_payment_date: null,
      sync_state: 'synced',
    })
    await updateMyProfile(db, 'user-a', { first_name: 'Ada', last_name: 'A', location: 'Bern' }, T0 + 2)
    const shown = async () => ({
      listing: await db.listings.get(listingId),
      images: await db.listing_images.toArray(),
      conversations: await db.conversations.toArray(),
      messages: await db.messages.toArray(),
      profile: await db.my_profile.get('user-a'),
    })
    const before = await shown()
    expect(before.listing?.sync_state).toBe('pending')
    expect(before.messages).toHaveLength(1)
    expect(before.profile?.first_name).toBe('Ada')
    await adoptOwner(db, 'user-b')
    expect(await db.listings.count()).toBe(0)
    expect(await db.messages.count()).toBe(0)
    await adoptOwner(db, 'user-a')
    expect(await shown()).toEqual(before)
    expect(await db.outbox.count()).toBe(5)
  })
})

describe('signOutUser', () => {
  it('with unsent writes and no confirmation: asks; confirmed: signs out and clears the device', async () => {
    const db = fresh()
    await adoptOwner(db, 'user-a')
    await saveListing(db, 'user-a', { fields, images: [] }, T0)
    expect(await signOutUser({}, db)).toEqual({ signedOut: false, unsentWrites: 1 })
    expect(auth.signOuts).toBe(0)
    expect(await signOutUser({ confirmed: true }, db)).toEqual({ signedOut: true })
    expect(auth.signOuts).toBe(1)
    expect(await db.outbox.count()).toBe(0)
    expect((await db.meta.get('owner'))?.value).toBeNull()
    expect(sessionStore.getState()).toEqual({ status: 'signed-out' })
  })

  it('with nothing unsent: signs out without asking, and the store holds only the signed-out state', async () => {
    const db = fresh()
    sessionStore.setState({ status: 'signed-in', userId: 'user-a', email: 'a@test' }, true)
    expect(await signOutUser({}, db)).toEqual({ signedOut: true })
    expect(auth.signOuts).toBe(1)
    expect(sessionStore.getState()).toEqual({ status: 'signed-out' })
  })

  it('a sign-out the server refused changes nothing on the device and says why', async () => {
    const db = fresh()
    await adoptOwner(db, 'user-a')
    await db.drafts.put({ id: 'd1', listing_id: null, fields: { title: 'Keep me' }, updated_at: T0 })
    sessionStore.setState({ status: 'signed-in', userId: 'user-a', email: null }, true)
    auth.signOut = { ok: false, message: 'network down' }
    expect(await signOutUser({}, db)).toEqual({ signedOut: false, message: 'network down' })
    expect(await db.drafts.count()).toBe(1)
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in' })
  })

  it('clears the recently opened list (it is private), on Sign Out and when another account signs in', async () => {
    const db = fresh()
    await adoptOwner(db, 'user-a')
    await noteListingOpened(db, 'l1')
    await noteListingOpened(db, 'l2')
    expect(await recentListingIds(db)).toEqual(['l2', 'l1'])
    sessionStore.setState({ status: 'signed-in', userId: 'user-a', email: null }, true)
    expect(await signOutUser({}, db)).toEqual({ signedOut: true })
    expect(await recentListingIds(db)).toEqual([])

    await adoptOwner(db, 'user-a')
    await noteListingOpened(db, 'l3')
    await adoptOwner(db, 'user-b')
    expect(await recentListingIds(db)).toEqual([])
  })

  it('clearUserData keeps a visitor’s favourites and drops the account’s', async () => {
    const db = fresh()
    await db.favourites.bulkPut([
      { listing_id: 'l1', created_at: 1 },
      { listing_id: 'l2', created_at: 2, user_id: 'user-a' },
    ])
    await clearUserData(db)
    expect((await db.favourites.toArray()).map((f) => f.listing_id)).toEqual(['l1'])
  })
})

describe('a session ended elsewhere', () => {
  const T = '2025-06-01T10:00:00.000Z'
  /** The device of user-a: private mirror rows, an unsent listing and a draft. */
  async function deviceOfA() {
    const db = fresh()
    await adoptOwner(db, 'user-a')
    await db.my_profile.put({
      id: 'user-a',
      first_name: 'Anna',
      last_name: null,
      location: null,
      profile_picture_url: null,
      created_at: T,
      updated_at: T,
      email: 'anna@private.ch',
      subscription_status: null,
      subscription_start_date: null,
      last_payment_date: null,
      sync_state: 'synced',
    })
    await db.conversations.put({
      id: 'c1',
      listing_id: 'l9',
      buyer_id: 'user-a',
      seller_id: 'user-s',
      created_at: T,
      updated_at: T,
      last_message_at: T,
    } as never)
    await db.messages.put({
      id: 'm1',
      conversation_id: 'c1',
      listing_id: 'l9',
      sender_id: 'user-a',
      receiver_id: 'user-s',
      content: 'my address is…',
      created_at: T,
      updated_at: T,
    } as never)
    await saveListing(db, 'user-a', { fields, images: [] }, T0)
    await db.drafts.put({ id: 'd1', listing_id: null, fields: { title: 'Half done' }, updated_at: T0 })
    return db
  }
  const privateRows = async (db: KreisDatabase) => [
    await db.my_profile.count(),
    await db.conversations.count(),
    await db.messages.count(),
    await db.listings.count(),
  ]

  it('when the device learns it (no user), private rows go and unsent writes are put aside for their owner', async () => {
    const db = await deviceOfA()
    await applyAuthUser(db, null)
    expect(await privateRows(db)).toEqual([0, 0, 0, 0])
    expect([await db.outbox.count(), await db.drafts.count()]).toEqual([0, 0])
    expect((await db.meta.get('owner'))?.value).toBeNull()
    expect(sessionStore.getState()).toEqual({ status: 'signed-out' })
    // The next person on the device sees and sends nothing of theirs; the owner gets them back.
    await adoptOwner(db, 'user-b')
    expect(await db.outbox.count()).toBe(0)
    expect(await writesWaitingForOtherAccounts(db)).toBe(1)
    await adoptOwner(db, 'user-a')
    expect([await db.outbox.count(), await db.drafts.count()]).toEqual([1, 1])
  })

  it("the Sign Out button's own signed-out event drops what the user agreed to drop: nothing is put aside", async () => {
    const db = await deviceOfA()
    auth.onSignOut = () => void applyAuthUser(db, null)
    expect(await signOutUser({ confirmed: true }, db)).toEqual({ signedOut: true })
    expect(await privateRows(db)).toEqual([0, 0, 0, 0])
    expect(await writesWaitingForOtherAccounts(db)).toBe(0)
    expect((await db.meta.toArray()).filter((m) => String(m.key).startsWith('parked'))).toEqual([])
  })

  it("a visitor's device (nobody's data) is left as it is", async () => {
    const db = fresh()
    await db.favourites.put({ listing_id: 'l1', created_at: 1 })
    await db.drafts.put({ id: 'd1', listing_id: null, fields: { title: 'Visitor draft' }, updated_at: T0 })
    await applyAuthUser(db, null)
    expect([await db.favourites.count(), await db.drafts.count()]).toEqual([1, 1])
  })
})

describe('initSession', () => {
  it('a start that failed is not kept: it runs again when the browser is back online', async () => {
    vi.resetModules()
    const win = new EventTarget()
    vi.stubGlobal('window', win)
    const again = await import('./signed-in-user')
    const db = fresh()
    auth.user = { userId: 'user-c', email: null }
    auth.failNext = true
    await expect(again.initSession(db)).rejects.toThrow('Failed to fetch')
    expect(again.sessionStore.getState()).toEqual({ status: 'loading' })
    win.dispatchEvent(new Event('online'))
    await vi.waitFor(
      () => expect(again.sessionStore.getState()).toEqual({ status: 'signed-in', userId: 'user-c', email: null }),
      { timeout: 20_000, interval: 5 },
    )
    vi.unstubAllGlobals()
    auth.listeners.length = 0 // that module's listener: the next test counts its own
  })

  it('reads the cached session once, adopts its owner, and follows sign-in and sign-out', async () => {
    const db = fresh()
    auth.user = { userId: 'user-a', email: 'a@test' }
    await Promise.all([initSession(db), initSession(db)])
    expect(sessionStore.getState()).toEqual({ status: 'signed-in', userId: 'user-a', email: 'a@test' })
    expect((await db.meta.get('owner'))?.value).toBe('user-a')
    expect(auth.listeners).toHaveLength(1)
    // The listener's work is asynchronous: wait for its outcome, however busy the machine, not for a fixed time.
    const settled = { timeout: 20_000, interval: 5 }
    auth.listeners[0]!(null)
    await vi.waitFor(() => expect(sessionStore.getState()).toEqual({ status: 'signed-out' }), settled)
    auth.listeners[0]!({ userId: 'user-b', email: null })
    await vi.waitFor(async () => {
      expect(sessionStore.getState()).toEqual({ status: 'signed-in', userId: 'user-b', email: null })
      expect((await db.meta.get('owner'))?.value).toBe('user-b')
    }, settled)
  })
})
