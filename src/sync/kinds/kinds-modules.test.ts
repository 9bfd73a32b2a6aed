// @vitest-environment node
// Each outbox kind's module on its own: the request it makes (against a recording Transport, a seam we own) and how
// its acknowledgement settles the mirror, in the acknowledging transaction as push.ts opens it.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { KreisDatabase } from '@/db/database'
import { freshDatabases } from '@/db/testing/fresh-databases'
import type {
  ConversationRecord,
  ListingImageRecord,
  ListingRecord,
  MessageRecord,
  MyProfileRecord,
} from '@/db/records'
import type { ListingWrite, OutboxEntry, OutboxGroup, OutboxOp } from '@/db/rows'
import type { Result, Transport } from '../protocol'
import { conversationCreate, maxIso } from './conversation-create'
import { conversationRead } from './conversation-read'
import { favouriteSet } from './favourite-set'
import type { OutboxKindModule, Unit } from './kind'
import { listingDelete } from './listing-delete'
import { listingSave, listingSaveOf } from './listing-save'
import { messageSend } from './message-send'
import { photoUpload } from './photo-upload'
import { profilePicture } from './profile-picture'
import { profileUpdate } from './profile-update'

const fresh = freshDatabases('kinds-modules')

const T = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString()

/** A Transport that records its calls and answers from `answers` (by method; ok(undefined) otherwise). */
function recorder(answers: Partial<Record<keyof Transport, Result<unknown>>> = {}) {
  const calls: [string, ...unknown[]][] = []
  const transport = new Proxy({} as Transport, {
    get:
      (_t, method: string) =>
      async (...args: unknown[]) => {
        calls.push([method, ...args])
        return answers[method as keyof Transport] ?? { ok: true, value: undefined }
      },
  })
  return { transport, calls }
}

/** Queues entries (so that what is left in a group can be counted) and returns them with their seq. */
async function queue(db: KreisDatabase, ...items: [OutboxGroup, OutboxOp, number?][]): Promise<OutboxEntry[]> {
  const entries = items.map(([group, op, queued_at = 0]): OutboxEntry => ({
    group,
    op,
    queued_at,
    state: 'queued',
    attempts: 0,
    not_before: 0,
  }))
  const seqs = await db.outbox.bulkAdd(entries, { allKeys: true })
  return entries.map((e, i) => ({ ...e, seq: seqs[i] as number }))
}

/** As push.ts acknowledges: the batch's entries leave the outbox and the module applies the answer, in one transaction. */
async function acknowledge(db: KreisDatabase, kind: OutboxKindModule, batch: Unit[], answer: unknown): Promise<void> {
  await db.transaction('rw', [db.outbox, ...kind.tables(db)], async () => {
    await db.outbox.bulkDelete(batch.flat().map((e) => e.seq!))
    await kind.acknowledge(db, batch, answer)
  })
}

const listingWrite = (id: string, over: Partial<ListingWrite> = {}): ListingWrite => ({
  id,
  user_id: 'u',
  title: 'Wool coat',
  description: '',
  price: 10,
  condition: 'very_good',
  category: 'men',
  product_type: null,
  brand: null,
  size: null,
  fabric: null,
  location: null,
  tags: null,
  status: 'active',
  edited_at: T(1),
  ...over,
})
const listingRecord = (id: string, over: Partial<ListingRecord> = {}): ListingRecord => ({
  ...listingWrite(id),
  created_at: T(0),
  updated_at: T(5),
  ...over,
})
const image = (
  id: string,
  listingId: string,
  order: number,
  url = `u/${listingId}/${id}.webp`,
): ListingImageRecord => ({
  id,
  listing_id: listingId,
  image_url: url,
  image_order: order,
  created_at: T(0),
  updated_at: T(5),
})
const blob = (id: string, listingId: string, uploaded = false) => ({
  id,
  listing_id: listingId,
  blob: new Blob([id]),
  content_type: 'image/webp',
  path: `u/${listingId}/${id}.webp`,
  uploaded,
})
const conversation = (id: string, over: Partial<ConversationRecord> = {}): ConversationRecord => ({
  id,
  listing_id: 'l1',
  buyer_id: 'b',
  seller_id: 's',
  last_message_at: T(1),
  created_at: T(0),
  updated_at: T(1),
  ...over,
})
const message = (id: string, conversationId = 'c1', over: Partial<MessageRecord> = {}): MessageRecord => ({
  id,
  conversation_id: conversationId,
  listing_id: 'l1',
  sender_id: 'b',
  receiver_id: 's',
  content: id,
  created_at: T(2),
  updated_at: T(2),
  ...over,
})
const profile = (over: Partial<MyProfileRecord> = {}): MyProfileRecord => ({
  id: 'u',
  first_name: 'Anna',
  last_name: null,
  location: null,
  profile_picture_url: null,
  created_at: T(0),
  updated_at: T(3),
  email: null,
  subscription_status: null,
  subscription_start_date: null,
  last_payment_date: null,
  ...over,
})
const sendOp = (m: MessageRecord): OutboxOp => ({
  kind: 'message.send',
  message: {
    id: m.id,
    conversation_id: m.conversation_id,
    listing_id: m.listing_id,
    sender_id: m.sender_id,
    receiver_id: m.receiver_id,
    content: m.content,
  },
})

describe('photo upload', () => {
  const op: OutboxOp = { kind: 'photo.upload', photo_id: 'p1', path: 'u/l1/p1.webp', content_type: 'image/webp' }

  it('uploads the blob to its path; a photo dropped before it was sent (no blob) is done without a request', async () => {
    const db = fresh()
    const [e] = await queue(db, ['listing:l1', op])
    const r = recorder({ uploadPhoto: { ok: false, reason: 'server', message: '503' } })
    expect(await photoUpload.send({ db, transport: r.transport }, [[e!]])).toEqual({ ok: true, value: undefined })
    expect(r.calls).toEqual([])
    await db.photo_blobs.put(blob('p1', 'l1'))
    expect(await photoUpload.send({ db, transport: r.transport }, [[e!]])).toMatchObject({
      ok: false,
      reason: 'server',
    })
    expect(r.calls).toEqual([['uploadPhoto', 'u/l1/p1.webp', expect.any(Blob), 'image/webp']])
  })

  it('acknowledged: the blob is marked uploaded (it stays until its listing is synced)', async () => {
    const db = fresh()
    await db.photo_blobs.bulkPut([blob('p1', 'l1'), blob('p2', 'l1')])
    const [e] = await queue(db, ['listing:l1', op])
    await acknowledge(db, photoUpload, [[e!]], undefined)
    expect((await db.photo_blobs.toArray()).map((b) => [b.id, b.uploaded])).toEqual([
      ['p1', true],
      ['p2', false],
    ])
  })
})

describe('listing save', () => {
  const upsert = (title: string): OutboxOp => ({ kind: 'listing.upsert', listing: listingWrite('l1', { title }) })
  const images = (edited_at?: string): OutboxOp => ({
    kind: 'images.replace',
    listing_id: 'l1',
    images: [{ id: 'i1', listing_id: 'l1', image_url: 'x', image_order: 1 }],
    ...(edited_at ? { edited_at } : {}),
  })
  const e = (op: OutboxOp, queued_at = 0): OutboxEntry => ({
    seq: 1,
    group: 'listing:l1',
    op,
    queued_at,
    state: 'queued',
    attempts: 0,
    not_before: 0,
  })

  it.each<[string, OutboxEntry[], object]>([
    [
      'fields only',
      [e(upsert('a'))],
      { listing_id: 'l1', listing: { title: 'a' }, images: null, images_edited_at: null },
    ],
    ['the last of several field edits', [e(upsert('a')), e(upsert('b'))], { listing: { title: 'b' }, images: null }],
    [
      'a photo set with its own edit time',
      [e(images(T(9)), 1000)],
      { listing: null, images: [{ id: 'i1' }], images_edited_at: T(9) },
    ],
    [
      'a photo set queued before edit times: its queue time',
      [e(images(), Date.parse(T(7)))],
      { listing: null, images_edited_at: T(7) },
    ],
    [
      'fields and photo set together',
      [e(upsert('a')), e(images(T(9)))],
      { listing: { title: 'a' }, images: [{ id: 'i1' }], images_edited_at: T(9) },
    ],
    [
      "fields: dated by the unit's first queue time (a listing made offline)",
      [e(upsert('a'), Date.parse(T(3))), e(upsert('b'), Date.parse(T(8)))],
      { listing: { title: 'b' }, created_at: T(3) },
    ],
  ])('one save of a unit: %s', (_name, unit, save) => {
    expect(listingSaveOf(unit)).toMatchObject(save)
  })

  async function seeded() {
    const db = fresh()
    await db.listings.put({
      ...listingRecord('l1', { title: 'mine' }),
      updated_at: '',
      sync_state: 'pending',
      cover_image_url: 'local.webp',
      seller_first_name: 'Anna',
      seller_last_name: null,
    })
    await db.listing_images.put({ ...image('i0', 'l1', 1), sync_state: 'pending' })
    await db.photo_blobs.put(blob('i0', 'l1', true))
    return db
  }

  it('acknowledged: the winner, row and photo set, replaces the pending row; its card keeps the seller, its photos leave the device', async () => {
    const db = await seeded()
    const [u] = await queue(db, ['listing:l1', upsert('mine')])
    await acknowledge(
      db,
      listingSave,
      [[u!]],
      [{ listing: listingRecord('l1', { title: 'winner' }), images: [image('i9', 'l1', 1)] }],
    )
    expect(await db.listings.get('l1')).toMatchObject({
      title: 'winner',
      updated_at: T(5),
      sync_state: 'synced',
      cover_image_url: 'u/l1/i9.webp',
      seller_first_name: 'Anna',
    })
    expect((await db.listing_images.toArray()).map((i) => i.id)).toEqual(['i9'])
    expect(await db.photo_blobs.count()).toBe(0)
  })

  it('a newer edit of the listing still queued: the answer leaves the row to that edit’s own answer', async () => {
    const db = await seeded()
    const [u] = await queue(db, ['listing:l1', upsert('mine')], ['listing:l1', upsert('newer')])
    await acknowledge(db, listingSave, [[u!]], [{ listing: listingRecord('l1', { title: 'winner' }), images: [] }])
    expect(await db.listings.get('l1')).toMatchObject({ title: 'mine', sync_state: 'pending' })
    expect(await db.listing_images.count()).toBe(1)
    expect(await db.photo_blobs.count()).toBe(1)
  })

  it('deleted meanwhile (the answer is "gone"): the row, its photos and its queued edits go; other listings stay', async () => {
    const db = await seeded()
    await db.listings.put({
      ...listingRecord('l2'),
      sync_state: 'synced',
      cover_image_url: null,
      seller_first_name: null,
      seller_last_name: null,
    })
    const [u] = await queue(
      db,
      ['listing:l1', upsert('mine')],
      ['listing:l1', upsert('newer')],
      ['listing:l2', { kind: 'listing.upsert', listing: listingWrite('l2') }],
    )
    await acknowledge(db, listingSave, [[u!]], [{ listing: null, listing_id: 'l1', images: [] }])
    expect((await db.listings.toArray()).map((l) => l.id)).toEqual(['l2'])
    expect([await db.listing_images.count(), await db.photo_blobs.count()]).toEqual([0, 0])
    expect((await db.outbox.toArray()).map((x) => x.group)).toEqual(['listing:l2'])
  })
})

describe('conversation create', () => {
  const create = (id: string, listing = 'l1'): OutboxOp => ({
    kind: 'conversation.create',
    conversation: { id, listing_id: listing, buyer_id: 'b', seller_id: 's' },
  })

  it('sends the batch’s conversations in one request', async () => {
    const db = fresh()
    const [a, b] = await queue(db, ['conversation:c1', create('c1')], ['conversation:c2', create('c2', 'l2')])
    const r = recorder()
    await conversationCreate.send({ db, transport: r.transport }, [[a!], [b!]])
    expect(r.calls).toEqual([
      [
        'createConversations',
        [
          { id: 'c1', listing_id: 'l1', buyer_id: 'b', seller_id: 's' },
          { id: 'c2', listing_id: 'l2', buyer_id: 'b', seller_id: 's' },
        ],
      ],
    ])
  })

  it.each([
    ['the device knows a later message', T(9), T(4), T(9)],
    ['the server knows a later one', T(4), T(9), T(9)],
  ])('acknowledged, synced, with the later last message time: %s', async (_name, local, server, expected) => {
    const db = fresh()
    await db.conversations.put({
      ...conversation('c1', { last_message_at: local, updated_at: '' }),
      sync_state: 'pending',
    })
    const [e] = await queue(db, ['conversation:c1', create('c1')])
    await acknowledge(db, conversationCreate, [[e!]], [conversation('c1', { last_message_at: server })])
    expect(await db.conversations.get('c1')).toMatchObject({
      sync_state: 'synced',
      last_message_at: expected,
      updated_at: T(1),
    })
  })

  it('created first on another device: the device moves its conversation, messages, queued entries and read marks to the server’s id', async () => {
    const db = fresh()
    await db.conversations.put({ ...conversation('c1', { updated_at: '' }), sync_state: 'pending' })
    await db.messages.bulkPut([
      { ...message('m1'), sync_state: 'pending' },
      { ...message('x', 'c3'), sync_state: 'synced' },
    ])
    const [c] = await queue(
      db,
      ['conversation:c1', create('c1')],
      ['conversation:c1', sendOp(message('m1'))],
      ['conversation:c1', { kind: 'conversation.read', read_at: T(3) }],
      ['read:c1', { kind: 'conversation.read', read_at: T(4) }],
    )
    await acknowledge(db, conversationCreate, [[c!]], [conversation('c2')])
    expect((await db.conversations.toArray()).map((x) => [x.id, x.sync_state])).toEqual([['c2', 'synced']])
    expect((await db.messages.toArray()).map((m) => [m.id, m.conversation_id])).toEqual([
      ['m1', 'c2'],
      ['x', 'c3'],
    ])
    const left = await db.outbox.toArray()
    expect(left.map((x) => x.group)).toEqual(['conversation:c2', 'conversation:c2', 'read:c2'])
    expect(left[0]!.op).toMatchObject({ kind: 'message.send', message: { id: 'm1', conversation_id: 'c2' } })
    expect(left[1]!.op).toEqual({ kind: 'conversation.read', read_at: T(3) })
    expect(left[2]!.op).toEqual({ kind: 'conversation.read', read_at: T(4) })
  })

  it('finds which of several conversations the server has, by listing and buyer (another device’s id counts)', async () => {
    const db = fresh()
    const entries = await queue(db, ['conversation:c1', create('c1')], ['conversation:c2', create('c2', 'l2')])
    const there = conversation('other-id', { listing_id: 'l2' })
    const found = await conversationCreate.findOnServer!(
      recorder({ findConversations: { ok: true, value: [there] } }).transport,
      entries,
    )
    expect(found).toEqual({ ok: true, value: [undefined, there] })
    const failure = { ok: false as const, reason: 'network' as const, message: 'offline' }
    expect(await conversationCreate.findOnServer!(recorder({ findConversations: failure }).transport, entries)).toBe(
      failure,
    )
  })

  it.each([
    [null, null, null],
    [T(1), null, T(1)],
    [null, T(1), T(1)],
    [T(2), T(1), T(2)],
    [T(1), T(2), T(2)],
  ])('maxIso(%s, %s) = %s', (a, b, expected) => {
    expect(maxIso(a, b)).toBe(expected)
  })
})

describe('message send', () => {
  it('sends the messages of every unit of the batch in one insert, in write order; a refused unit is retried a message at a time', async () => {
    const db = fresh()
    const [a, b, c] = await queue(
      db,
      ['conversation:c1', sendOp(message('m1'))],
      ['conversation:c1', sendOp(message('m2'))],
      ['conversation:c2', sendOp(message('m3', 'c2'))],
    )
    const r = recorder()
    await messageSend.send({ db, transport: r.transport }, [[a!, b!], [c!]])
    expect(r.calls.map(([method, rows]) => [method, (rows as { id: string }[]).map((m) => m.id)])).toEqual([
      ['insertMessages', ['m1', 'm2', 'm3']],
    ])
    expect(messageSend.split!([a!, b!])).toEqual([[a], [b]])
  })

  it('acknowledged: the server’s rows, synced', async () => {
    const db = fresh()
    await db.messages.put({ ...message('m1', 'c1', { updated_at: '' }), sync_state: 'pending' })
    const [e] = await queue(db, ['conversation:c1', sendOp(message('m1'))])
    await acknowledge(db, messageSend, [[e!]], [message('m1', 'c1', { created_at: T(8) })])
    expect(await db.messages.get('m1')).toMatchObject({ created_at: T(8), updated_at: T(2), sync_state: 'synced' })
  })

  it('finds the messages the server has, each in its entry’s place', async () => {
    const db = fresh()
    const entries = await queue(
      db,
      ['conversation:c1', sendOp(message('m1'))],
      ['conversation:c1', sendOp(message('m2'))],
    )
    const m2 = message('m2')
    expect(
      await messageSend.findOnServer!(recorder({ findMessages: { ok: true, value: [m2] } }).transport, entries),
    ).toEqual({ ok: true, value: [undefined, m2] })
    const failure = { ok: false as const, reason: 'server' as const, message: '503' }
    expect(await messageSend.findOnServer!(recorder({ findMessages: failure }).transport, entries)).toBe(failure)
  })
})

describe('profile update', () => {
  const edit = (first_name: string): OutboxOp => ({
    kind: 'profile.update',
    profile: { id: 'u', first_name, last_name: null, location: null, edited_at: T(1) },
  })

  it('sends the last of its edits', async () => {
    const db = fresh()
    const unit = await queue(db, ['profile:u', edit('A')], ['profile:u', edit('B')])
    const r = recorder()
    await profileUpdate.send({ db, transport: r.transport }, [unit])
    expect(r.calls).toEqual([
      ['updateProfile', { id: 'u', first_name: 'B', last_name: null, location: null, edited_at: T(1) }],
    ])
  })

  it.each([
    ['nothing newer queued: the winner is stored', false, 'Winner', 'synced'],
    ['a newer edit queued: the row waits for its answer', true, 'Mine', 'pending'],
  ])('acknowledged, %s', async (_name, newer, first_name, sync_state) => {
    const db = fresh()
    await db.my_profile.put({ ...profile({ first_name: 'Mine' }), sync_state: 'pending' })
    const [e] = await queue(
      db,
      ['profile:u', edit('Mine')],
      ...(newer ? [['profile:u', edit('Newer')] as [OutboxGroup, OutboxOp]] : []),
    )
    await acknowledge(db, profileUpdate, [[e!]], profile({ first_name: 'Winner', updated_at: T(6) }))
    expect(await db.my_profile.get('u')).toMatchObject({ first_name, sync_state })
  })
})

describe('listing delete', () => {
  const del = (paths: string[]): OutboxOp => ({ kind: 'listing.delete', listing_id: 'l1', paths })

  it('sends the listing with every path its queued deletes name, once each', async () => {
    const db = fresh()
    const unit = await queue(db, ['listing:l1', del(['a', 'b'])], ['listing:l1', del(['b', 'c'])])
    const r = recorder()
    await listingDelete.send({ db, transport: r.transport }, [unit])
    expect(r.calls).toEqual([['deleteListing', 'l1', ['a', 'b', 'c']]])
  })

  it.each([
    ['nothing else queued: a row an edit’s answer put back goes, with its images and photos', false, 0],
    ['another write of the listing queued: the row stays for it', true, 1],
  ])('acknowledged, %s', async (_name, more, rows) => {
    const db = fresh()
    await db.listings.put({
      ...listingRecord('l1'),
      sync_state: 'synced',
      cover_image_url: null,
      seller_first_name: null,
      seller_last_name: null,
    })
    await db.listing_images.put({ ...image('i1', 'l1', 1), sync_state: 'synced' })
    await db.photo_blobs.put(blob('i1', 'l1', true))
    const [e] = await queue(
      db,
      ['listing:l1', del([])],
      ...(more
        ? [['listing:l1', { kind: 'listing.upsert', listing: listingWrite('l1') }] as [OutboxGroup, OutboxOp]]
        : []),
    )
    await acknowledge(db, listingDelete, [[e!]], undefined)
    expect([await db.listings.count(), await db.listing_images.count(), await db.photo_blobs.count()]).toEqual([
      rows,
      rows,
      rows,
    ])
  })
})

describe('favourite set', () => {
  const fav = (favourite: boolean, edited_at?: string): OutboxOp => ({
    kind: 'favourite.set',
    user_id: 'u',
    listing_id: 'l1',
    favourite,
    created_at: T(1),
    ...(edited_at ? { edited_at } : {}),
  })

  it('sends the state its last toggle reached, with the time of that toggle (last edit wins)', async () => {
    const db = fresh()
    const unit = await queue(db, ['favourite:l1', fav(true, T(1))], ['favourite:l1', fav(false, T(2))])
    const r = recorder()
    await favouriteSet.send({ db, transport: r.transport }, [unit])
    expect(r.calls).toEqual([['setFavorite', 'u', 'l1', false, T(1), T(2)]])
  })

  it('sends an entry queued before toggles had a time without one (the server counts it as made now)', async () => {
    const db = fresh()
    const unit = await queue(db, ['favourite:l1', fav(true)])
    const r = recorder()
    await favouriteSet.send({ db, transport: r.transport }, [unit])
    expect(r.calls).toEqual([['setFavorite', 'u', 'l1', true, T(1), undefined]])
  })
})

describe('profile picture', () => {
  const pic = (photo_id: string, edited_at?: string): OutboxOp => ({
    kind: 'profile.picture',
    user_id: 'u',
    photo_id,
    path: `u/profile/${photo_id}.jpg`,
    content_type: 'image/jpeg',
    ...(edited_at ? { edited_at } : {}),
  })
  const picBlob = (id: string, uploaded = false) => ({
    id,
    listing_id: 'profile:u',
    blob: new Blob([id]),
    content_type: 'image/jpeg',
    path: `u/profile/${id}.jpg`,
    uploaded,
  })

  it.each<[string, ReturnType<typeof picBlob> | null, string[]]>([
    ['a file not yet uploaded goes first, then the profile', picBlob('p1'), ['uploadPhoto', 'setProfilePicture']],
    ['a file already uploaded is not sent again', picBlob('p1', true), ['setProfilePicture']],
    ['without the file on the device (uploaded and cleaned up), the path is set', null, ['setProfilePicture']],
  ])('%s', async (_name, stored, methods) => {
    const db = fresh()
    if (stored) await db.photo_blobs.put(stored)
    const unit = await queue(db, ['profile:u', pic('p1', T(4))])
    const r = recorder()
    await profilePicture.send({ db, transport: r.transport }, [unit])
    expect(r.calls.map((c) => c[0])).toEqual(methods)
    expect(r.calls.at(-1)).toEqual(['setProfilePicture', 'u', 'u/profile/p1.jpg', T(4)])
    if (stored) expect((await db.photo_blobs.get('p1'))?.uploaded).toBe(true)
  })

  it('an upload that fails is the answer; the profile is not set and the file stays to upload', async () => {
    const db = fresh()
    await db.photo_blobs.put(picBlob('p1'))
    const unit = await queue(db, ['profile:u', pic('p1')])
    const failure = { ok: false as const, reason: 'network' as const, message: 'offline' }
    const r = recorder({ uploadPhoto: failure })
    expect(await profilePicture.send({ db, transport: r.transport }, [unit])).toBe(failure)
    expect(r.calls.map((c) => c[0])).toEqual(['uploadPhoto'])
    expect((await db.photo_blobs.get('p1'))?.uploaded).toBe(false)
  })

  it('an entry queued before edit times carries its queue time as the edit time', async () => {
    const db = fresh()
    const unit = await queue(db, ['profile:u', pic('p1'), Date.parse(T(7))])
    const r = recorder()
    await profilePicture.send({ db, transport: r.transport }, [unit])
    expect(r.calls).toEqual([['setProfilePicture', 'u', 'u/profile/p1.jpg', T(7)]])
  })

  it.each([
    [
      'nothing newer queued: the winning profile is stored and every picture file of the user leaves the device',
      false,
      ['p3'],
      'synced',
    ],
    ['a newer picture queued: its file stays and the row waits', true, ['p2', 'p3'], 'pending'],
  ])('acknowledged, %s', async (_name, newer, blobsLeft, sync_state) => {
    const db = fresh()
    await db.my_profile.put({ ...profile(), sync_state: 'pending' })
    await db.photo_blobs.bulkPut([picBlob('p1', true), picBlob('p2'), { ...blob('p3', 'l9') }])
    const [e] = await queue(
      db,
      ['profile:u', pic('p1')],
      ...(newer ? [['profile:u', pic('p2')] as [OutboxGroup, OutboxOp]] : []),
    )
    await acknowledge(
      db,
      profilePicture,
      [[e!]],
      profile({ profile_picture_url: 'u/profile/p1.jpg', updated_at: T(6) }),
    )
    expect((await db.photo_blobs.toArray()).map((b) => b.id)).toEqual(blobsLeft)
    expect(await db.my_profile.get('u')).toMatchObject({ sync_state })
  })
})

describe('read mark', () => {
  it('sends the conversation of its group with the last mark', async () => {
    const db = fresh()
    const unit = await queue(
      db,
      ['conversation:c1', { kind: 'conversation.read', read_at: T(2) }],
      ['conversation:c1', { kind: 'conversation.read', read_at: T(3) }],
    )
    const r = recorder()
    await conversationRead.send({ db, transport: r.transport }, [unit])
    expect(r.calls).toEqual([['markConversationRead', 'c1', T(3)]])
  })

  it.each([
    ['the server’s row: its marks merge forward', conversation('c1', { seller_last_read_at: T(9) }), T(9)],
    ['no row (the conversation is not visible): the mirror stays', null, null],
  ])('acknowledged with %s', async (_name, row, mark) => {
    const db = fresh()
    await db.conversations.put({ ...conversation('c1'), sync_state: 'synced' })
    const [e] = await queue(db, ['conversation:c1', { kind: 'conversation.read', read_at: T(9) }])
    await acknowledge(db, conversationRead, [[e!]], row)
    expect((await db.conversations.get('c1'))?.seller_last_read_at ?? null).toBe(mark)
  })
})
