// @vitest-environment node
// The user's local writes, rule by rule: what each puts in the mirror and the outbox (one transaction each).
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { KreisDatabase } from '@/db/database'
import { freshDatabases } from '@/db/testing/fresh-databases'
import type { ConversationRow, MessageRow, OutboxOp } from '@/db/rows'
import { markConversationRead } from './kinds/conversation-read'
import { NOT_ON_SERVER } from './kinds/enqueue'
import { deleteListing } from './kinds/listing-delete'
import { photoPath, saveListing, setListingStatus, type ImageInput, type ListingFields } from './kinds/listing-save'
import { sendMessage } from './kinds/message-send'
import { profilePicturePath, setProfilePicture } from './kinds/profile-picture'
import { updateMyProfile } from './kinds/profile-update'
import { retryFailed } from './outbox'
import { drainOutbox } from './push'
import { VirtualClock } from './testing/harness'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { saveListingAsOlderVersion } from './testing/older-version'
import { createRng } from './testing/prng'

const SELLER = '00000000-0000-4000-8000-000000000001'
const BUYER = '00000000-0000-4000-8000-000000000004'
const T0 = Date.parse('2025-06-01T10:00:00.000Z')
const iso = (ms: number) => new Date(ms).toISOString()
const fresh = freshDatabases('local-writes')

const fields: ListingFields = {
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
}
const kinds = async (db: KreisDatabase) => (await db.outbox.toArray()).map((e) => e.op.kind)

describe('paths', () => {
  it.each([
    ['webp', 'u/l/i.webp'],
    ['.JPG', 'u/l/i.jpg'],
    ['tar.gz', 'u/l/i.tar.gz'],
  ])('a photo with extension %j is stored at %j', (ext, path) => {
    expect(photoPath('u', 'l', 'i', ext)).toBe(path)
  })

  it.each([
    ['image/jpeg', 'u/profile/p.jpg'],
    ['image/png', 'u/profile/p.png'],
    ['image/webp', 'u/profile/p.webp'],
    ['image/gif', 'u/profile/p.jpg'],
  ])('a profile picture of type %s is stored at %j', (type, path) => {
    expect(profilePicturePath('u', 'p', type)).toBe(path)
  })
})

describe('saveListing', () => {
  const photo = (over: Partial<Extract<ImageInput, { blob: Blob }>> = {}): ImageInput => ({
    blob: new Blob(['jpeg']),
    content_type: 'image/webp',
    ext: 'webp',
    ...over,
  })

  it('a new photo’s card image is kept beside it, typed as the card (or as the photo when the card has no type), both waiting to upload', async () => {
    const db = fresh()
    const id = await saveListing(
      db,
      SELLER,
      {
        fields,
        images: [
          photo({ id: 'a', card: new Blob(['c'], { type: 'image/jpeg' }) }),
          photo({ id: 'b', card: new Blob(['c']) }),
          photo({ id: 'c' }),
        ],
      },
      T0,
    )
    expect((await db.photo_blobs.toArray()).map((b) => [b.id, b.content_type, b.path, b.uploaded])).toEqual([
      ['a', 'image/webp', `${SELLER}/${id}/a.webp`, false],
      ['a.card', 'image/jpeg', `${SELLER}/${id}/a.card.webp`, false],
      ['b', 'image/webp', `${SELLER}/${id}/b.webp`, false],
      ['b.card', 'image/webp', `${SELLER}/${id}/b.card.webp`, false],
      ['c', 'image/webp', `${SELLER}/${id}/c.webp`, false],
    ])
  })

  it('an edit keeps the listing’s creation time and status; a new listing is active, never acknowledged', async () => {
    const db = fresh()
    const id = await saveListing(db, SELLER, { fields, images: [] }, T0)
    expect(await db.listings.get(id)).toMatchObject({
      created_at: iso(T0),
      updated_at: NOT_ON_SERVER,
      status: 'active',
      sync_state: 'pending',
    })
    await db.listings.update(id, { status: 'sold', updated_at: iso(T0 + 5) })
    await saveListing(db, SELLER, { id, fields: { ...fields, title: 'Wool coat, long' }, images: [] }, T0 + 1000)
    expect(await db.listings.get(id)).toMatchObject({
      created_at: iso(T0),
      updated_at: iso(T0 + 5),
      status: 'sold',
      title: 'Wool coat, long',
      edited_at: iso(T0 + 1000),
    })
  })

  it.each<[string, (kept: { id: string; image_url: string }[]) => ImageInput[], boolean]>([
    ['the same photos in the same order', (k) => k, false],
    ['the same photos in another order', (k) => [k[1]!, k[0]!], true],
    ['one photo fewer', (k) => [k[0]!], true],
    ['a photo with another file', (k) => [k[0]!, { ...k[1]!, image_url: 'https://example.com/x.jpg' }], true],
    ['a photo under another id', (k) => [k[0]!, { ...k[1]!, id: 'other' }], true],
  ])('an edit with %s queues a photo-set change: %s', async (_name, images, changed) => {
    const db = fresh()
    // Ids in the opposite order of the photos: the set is compared in display order. Other listings' photos around it.
    const id = await saveListing(db, SELLER, { fields, images: [photo({ id: 'b' }), photo({ id: 'a' })] }, T0)
    const other = (listing_id: string) => ({
      id: `${listing_id}-x`,
      listing_id,
      image_url: 'x',
      image_order: 1,
      created_at: '',
      updated_at: '',
      sync_state: 'synced' as const,
    })
    await db.listing_images.bulkPut([other('0'), other('~')])
    expect((await db.listing_images.where('listing_id').equals(id).toArray()).map((i) => i.sync_state)).toEqual([
      'pending',
      'pending',
    ])
    await db.outbox.clear()
    const kept = (await db.listing_images.where('listing_id').equals(id).sortBy('image_order')).map((i) => ({
      id: i.id,
      image_url: i.image_url,
    }))
    await saveListing(db, SELLER, { id, fields, images: images(kept) }, T0 + 1000)
    expect(await kinds(db)).toEqual(changed ? ['listing.upsert', 'images.replace'] : ['listing.upsert'])
  })

  it('an edit of a set the server numbered with gaps renumbers it (1, 2, …): a photo-set change', async () => {
    const db = fresh()
    const id = await saveListing(db, SELLER, { fields, images: [photo({ id: 'a' }), photo({ id: 'b' })] }, T0)
    await db.listing_images.update('b', { image_order: 3 })
    await db.outbox.clear()
    await saveListing(
      db,
      SELLER,
      {
        id,
        fields,
        images: [
          { id: 'a', image_url: `${SELLER}/${id}/a.webp` },
          { id: 'b', image_url: `${SELLER}/${id}/b.webp` },
        ],
      },
      T0 + 1000,
    )
    expect(await kinds(db)).toEqual(['listing.upsert', 'images.replace'])
  })

  it.each<[string, (id: string) => ImageInput[], string[]]>([
    [
      'in a field only: the retry sends the fix with the photo set it was refused with',
      (id) => [{ id: 'a', image_url: `${SELLER}/${id}/a.webp` }],
      ['a'],
    ],
    [
      'with a new photo: the fix replaces the refused version, so the retry goes through in one drain',
      (id) => [{ id: 'a', image_url: `${SELLER}/${id}/a.webp` }, photo({ id: 'b' })],
      ['a', 'b'],
    ],
  ])('a refused new listing fixed %s', async (_name, images, onServer) => {
    const server = new MemoryServer()
    server.addUser(SELLER, 'Anna', 'Müller')
    const rng = createRng(6)
    const db = fresh()
    const deps = { db, transport: new MemoryTransport(server, SELLER, rng), clock: new VirtualClock(T0, rng) }
    const id = await saveListingAsOlderVersion(db, SELLER, { fields, images: [photo({ id: 'a' })] }, T0, { price: 0 })
    expect(await drainOutbox(deps)).toMatchObject({ failed: 1 })
    await saveListing(db, SELLER, { id, fields: { ...fields, price: 25 }, images: images(id) }, T0 + 1000)
    await retryFailed(db, `listing:${id}`)
    expect(await drainOutbox(deps)).toMatchObject({ outcome: 'drained', failed: 0 })
    expect(server.listings.get(id)).toMatchObject({ price: 25 })
    expect(
      [...server.images.values()]
        .filter((i) => i.listing_id === id)
        .map((i) => i.id)
        .sort(),
    ).toEqual(onServer)
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('setListingStatus', () => {
  it('queues the full new state of a known listing; an unknown one is an error that writes nothing', async () => {
    const db = fresh()
    const id = await saveListing(db, SELLER, { fields, images: [] }, T0)
    await setListingStatus(db, id, 'sold', T0 + 1000)
    expect(await db.listings.get(id)).toMatchObject({
      status: 'sold',
      edited_at: iso(T0 + 1000),
      sync_state: 'pending',
    })
    const last = (await db.outbox.toArray()).at(-1)!
    expect(last).toMatchObject({
      group: `listing:${id}`,
      op: { kind: 'listing.upsert', listing: { id, status: 'sold', edited_at: iso(T0 + 1000) } },
    })
    await expect(setListingStatus(db, 'nope', 'sold', T0)).rejects.toThrow('unknown listing nope')
    expect(await db.outbox.count()).toBe(2)
  })

  it('behind a refused write of the listing, the new state shows the same refusal until the user retries', async () => {
    const db = fresh()
    const id = await saveListing(db, SELLER, { fields, images: [] }, T0)
    await db.outbox.toCollection().modify({ state: 'failed', error: { code: 'listing_edit_failed' } })
    await setListingStatus(db, id, 'sold', T0 + 1000)
    expect(await db.listings.get(id)).toMatchObject({
      status: 'sold',
      sync_state: 'failed',
      sync_error: { code: 'listing_edit_failed' },
    })
  })
})

describe('sendMessage', () => {
  const input = { listingId: 'l1', sellerId: SELLER, buyerId: BUYER, senderId: BUYER, content: '  Still there?  ' }

  it('trims the text; a new conversation is created first, pending, in the same group', async () => {
    const db = fresh()
    const id = await sendMessage(db, { ...input, newConversationId: 'c1' }, T0)
    expect(await db.messages.get(id)).toMatchObject({
      content: 'Still there?',
      conversation_id: 'c1',
      receiver_id: SELLER,
      sync_state: 'pending',
      updated_at: NOT_ON_SERVER,
    })
    expect(await db.conversations.get('c1')).toMatchObject({
      listing_id: 'l1',
      buyer_id: BUYER,
      seller_id: SELLER,
      sync_state: 'pending',
      last_message_at: iso(T0),
    })
    expect((await db.outbox.toArray()).map((e) => [e.group, e.op.kind])).toEqual([
      ['conversation:c1', 'conversation.create'],
      ['conversation:c1', 'message.send'],
    ])
  })

  it('the seller’s answer goes to the buyer, in the conversation the device knows, which it leaves as the server has it', async () => {
    const db = fresh()
    const known: ConversationRow = {
      id: 'c1',
      listing_id: 'l1',
      buyer_id: BUYER,
      seller_id: SELLER,
      last_message_at: iso(T0),
      created_at: iso(T0),
      updated_at: iso(T0),
      sync_state: 'synced',
    }
    await db.conversations.put(known)
    await sendMessage(db, { ...input, senderId: SELLER, content: 'Yes' }, T0 + 1000)
    expect((await db.messages.toArray())[0]).toMatchObject({
      conversation_id: 'c1',
      sender_id: SELLER,
      receiver_id: BUYER,
    })
    expect(await db.conversations.get('c1')).toEqual(known)
    expect(await kinds(db)).toEqual(['message.send'])
  })

  it('a message of only spaces is refused and writes nothing', async () => {
    const db = fresh()
    await expect(sendMessage(db, { ...input, content: '   ' }, T0)).rejects.toThrow('empty message')
    expect([await db.messages.count(), await db.conversations.count(), await db.outbox.count()]).toEqual([0, 0, 0])
  })
})

describe('updateMyProfile and setProfilePicture', () => {
  const row = {
    id: SELLER,
    first_name: 'Anna',
    last_name: 'M',
    location: 'Bern',
    profile_picture_url: null,
    created_at: iso(T0),
    updated_at: iso(T0),
    email: null,
    subscription_status: null,
    subscription_start_date: null,
    last_payment_date: null,
    sync_state: 'synced' as const,
  }

  it('an edit: blank values are null, the row pending, one entry in the profile’s group', async () => {
    const db = fresh()
    await db.my_profile.put(row)
    await updateMyProfile(db, SELLER, { first_name: ' Anna ', last_name: '  ', location: null }, T0 + 1000)
    expect(await db.my_profile.get(SELLER)).toMatchObject({
      first_name: 'Anna',
      last_name: null,
      location: null,
      sync_state: 'pending',
    })
    expect(await db.outbox.toArray()).toMatchObject([
      {
        group: `profile:${SELLER}`,
        op: {
          kind: 'profile.update',
          profile: { id: SELLER, first_name: 'Anna', last_name: null, edited_at: iso(T0 + 1000) },
        },
      },
    ])
  })

  it('without the own row yet (not pulled), the edit is queued and no row is made up', async () => {
    const db = fresh()
    await updateMyProfile(db, SELLER, { first_name: 'Anna', last_name: null, location: null }, T0)
    await setProfilePicture(db, SELLER, new Blob(['p']), 'image/png', T0)
    expect(await db.my_profile.count()).toBe(0)
    expect(await kinds(db)).toEqual(['profile.update', 'profile.picture'])
  })

  it('a picture: kept on the device to upload, shown on the row at once (pending), queued in the profile’s group', async () => {
    const db = fresh()
    await db.my_profile.put(row)
    const path = await setProfilePicture(db, SELLER, new Blob(['p']), 'image/png', T0 + 1000)
    expect(path).toMatch(new RegExp(`^${SELLER}/profile/[0-9a-f-]+\\.png$`))
    expect(await db.my_profile.get(SELLER)).toMatchObject({ profile_picture_url: path, sync_state: 'pending' })
    expect(await db.photo_blobs.toArray()).toMatchObject([
      { listing_id: `profile:${SELLER}`, path, uploaded: false, content_type: 'image/png' },
    ])
    expect(await db.outbox.toArray()).toMatchObject([
      { group: `profile:${SELLER}`, op: { kind: 'profile.picture', user_id: SELLER, path, edited_at: iso(T0 + 1000) } },
    ])
  })
})

describe('deleteListing', () => {
  it('names every storage file the device knows of — rows, photos, queued uploads, sets and deletes — once, sorted, never a URL', async () => {
    const db = fresh()
    const id = 'l1'
    const img = (n: string, url: string, order: number) => ({
      id: n,
      listing_id: id,
      image_url: url,
      image_order: order,
      created_at: '',
      updated_at: '',
      sync_state: 'synced' as const,
    })
    await db.listing_images.bulkPut([
      img('i1', 'u/l1/z.webp', 1),
      img('i2', 'https://example.com/a.jpg', 2),
      img('i3', 'HTTP://example.com/b.jpg', 3),
      img('i4', '', 4),
    ])
    await db.photo_blobs.put({
      id: 'b1',
      listing_id: id,
      blob: new Blob(['b']),
      content_type: 'image/webp',
      path: 'u/l1/y.webp',
      uploaded: false,
    })
    const queued: OutboxOp[] = [
      { kind: 'photo.upload', photo_id: 'x', path: 'u/l1/x.webp', content_type: 'image/webp' },
      {
        kind: 'images.replace',
        listing_id: id,
        images: [
          { id: 'w', listing_id: id, image_url: 'u/l1/w.webp', image_order: 1 },
          { id: 'h', listing_id: id, image_url: 'http://x/h.jpg', image_order: 2 },
        ],
      },
      { kind: 'listing.delete', listing_id: id, paths: ['u/l1/v.webp', 'u/l1/z.webp'] },
    ]
    await db.outbox.bulkAdd(
      queued.map((op) => ({
        group: `listing:${id}` as const,
        op,
        queued_at: 0,
        state: 'queued' as const,
        attempts: 0,
        not_before: 0,
      })),
    )
    await deleteListing(db, id, T0)
    expect(await db.outbox.toArray()).toMatchObject([
      {
        group: 'listing:l1',
        op: {
          kind: 'listing.delete',
          listing_id: id,
          paths: ['u/l1/v.webp', 'u/l1/w.webp', 'u/l1/x.webp', 'u/l1/y.webp', 'u/l1/z.webp'],
        },
      },
    ])
    expect([await db.listing_images.count(), await db.photo_blobs.count()]).toEqual([0, 0])
  })

  it('its conversations go with it (their messages and unsent writes too); other listings’ stay', async () => {
    const db = fresh()
    const conv = (id: string, listing: string): ConversationRow => ({
      id,
      listing_id: listing,
      buyer_id: BUYER,
      seller_id: SELLER,
      last_message_at: null,
      created_at: '',
      updated_at: '',
      sync_state: 'pending',
    })
    const msg = (id: string, c: string, listing: string): MessageRow => ({
      id,
      conversation_id: c,
      listing_id: listing,
      sender_id: BUYER,
      receiver_id: SELLER,
      content: id,
      created_at: '',
      updated_at: '',
      sync_state: 'pending',
    })
    await db.conversations.bulkPut([conv('c0', 'l0'), conv('c1', 'l1'), conv('c2', 'l2')])
    await db.messages.bulkPut([msg('m1', 'c1', 'l1'), msg('m2', 'c2', 'l2')])
    const send = (m: string, c: string, l: string): OutboxOp => ({
      kind: 'message.send',
      message: { id: m, conversation_id: c, listing_id: l, sender_id: BUYER, receiver_id: SELLER, content: m },
    })
    await db.outbox.bulkAdd([
      {
        group: 'conversation:c1',
        op: send('m1', 'c1', 'l1'),
        queued_at: 0,
        state: 'queued',
        attempts: 0,
        not_before: 0,
      },
      {
        group: 'conversation:c2',
        op: send('m2', 'c2', 'l2'),
        queued_at: 0,
        state: 'queued',
        attempts: 0,
        not_before: 0,
      },
    ])
    await deleteListing(db, 'l1', T0)
    expect((await db.conversations.toArray()).map((c) => c.id)).toEqual(['c0', 'c2'])
    expect((await db.messages.toArray()).map((m) => m.id)).toEqual(['m2'])
    expect((await db.outbox.toArray()).map((e) => e.group)).toEqual(['conversation:c2', 'listing:l1'])
  })
})

describe('markConversationRead', () => {
  const conv: ConversationRow = {
    id: 'c1',
    listing_id: 'l1',
    buyer_id: BUYER,
    seller_id: SELLER,
    last_message_at: null,
    created_at: '',
    updated_at: '2025-06-01T00:00:00.000Z',
    sync_state: 'synced',
  }
  const msg = (
    id: string,
    receiver: string,
    created_at: string,
    sync_state: MessageRow['sync_state'] = 'synced',
  ): MessageRow => ({
    id,
    conversation_id: 'c1',
    listing_id: 'l1',
    sender_id: receiver === BUYER ? SELLER : BUYER,
    receiver_id: receiver,
    content: id,
    created_at,
    updated_at: created_at,
    sync_state,
  })
  const T1 = '2025-06-01T10:00:01.000Z'
  const T2 = '2025-06-01T10:00:02.000Z'
  const T3 = '2025-06-01T10:00:03.000Z'

  it.each<[string, string, Partial<ConversationRow>, MessageRow[], Partial<ConversationRow> | null]>([
    [
      'the buyer marks up to the newest message received',
      BUYER,
      {},
      [msg('a', BUYER, T1), msg('b', BUYER, T2), msg('c', SELLER, T3)],
      { buyer_last_read_at: T2 },
    ],
    [
      'the seller marks their own column',
      SELLER,
      {},
      [msg('a', SELLER, T1), msg('b', BUYER, T2)],
      { seller_last_read_at: T1 },
    ],
    [
      'a message not yet synced (its time is not the server’s) is not a mark',
      BUYER,
      {},
      [msg('a', BUYER, T1), msg('b', BUYER, T3, 'pending')],
      { buyer_last_read_at: T1 },
    ],
    [
      'nothing received here (another conversation’s messages do not count): no mark',
      BUYER,
      {},
      [msg('a', SELLER, T1), { ...msg('z', BUYER, T3), conversation_id: 'c0' }],
      null,
    ],
    ['a mark already as new: nothing to do', BUYER, { buyer_last_read_at: T2 }, [msg('a', BUYER, T2)], null],
    [
      'a mark older than the newest received moves forward',
      BUYER,
      { buyer_last_read_at: T1 },
      [msg('a', BUYER, T2)],
      { buyer_last_read_at: T2 },
    ],
    [
      'another conversation’s messages do not count',
      BUYER,
      {},
      [msg('a', BUYER, T1), { ...msg('z', BUYER, T3), conversation_id: 'c0' }],
      { buyer_last_read_at: T1 },
    ],
    ['someone else’s conversation: nothing', '00000000-0000-4000-8000-000000000009', {}, [msg('a', BUYER, T1)], null],
  ])('%s', async (_name, user, over, messages, marked) => {
    const db = fresh()
    await db.conversations.put({ ...conv, ...over })
    await db.messages.bulkPut(messages)
    await markConversationRead(db, user, 'c1', T0)
    const row = await db.conversations.get('c1')
    if (marked) {
      expect(row).toMatchObject(marked)
      expect(await db.outbox.toArray()).toMatchObject([
        { group: 'read:c1', op: { kind: 'conversation.read', read_at: Object.values(marked)[0] } },
      ])
    } else {
      expect(row).toEqual({ ...conv, ...over })
      expect(await db.outbox.count()).toBe(0)
    }
  })

  it('an unknown conversation: nothing', async () => {
    const db = fresh()
    await markConversationRead(db, BUYER, 'nope', T0)
    expect(await db.outbox.count()).toBe(0)
  })
})
