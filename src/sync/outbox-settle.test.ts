// @vitest-environment node
// outbox.ts on a real (fake-indexeddb) database: what the status counts, the user's retry and discard of each kind
// of group, and the unit rule's edges.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { freshDatabases } from '@/db/testing/fresh-databases'
import type { ListingWrite, OutboxEntry, OutboxGroup, OutboxOp } from '@/db/rows'
import { NOT_ON_SERVER } from './kinds/enqueue'
import {
  discardFailed,
  pendingSummary,
  PARKED_PREFIX,
  unsentCount,
  retryFailed,
  setEntityState,
  unitOf,
  writesWaitingForOtherAccounts,
} from './outbox'

const fresh = freshDatabases('outbox-settle')

const T = '2026-01-01T00:00:00.000Z'
const listing = (id: string): ListingWrite => ({
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
  edited_at: T,
})
const upsert = (id = 'l1'): OutboxOp => ({ kind: 'listing.upsert', listing: listing(id) })
const entry = (group: OutboxGroup, op: OutboxOp, over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  group,
  op,
  queued_at: 0,
  state: 'queued',
  attempts: 0,
  not_before: 0,
  ...over,
})
const listingRow = (id: string, updated_at: string) => ({
  ...listing(id),
  created_at: T,
  updated_at,
  sync_state: 'failed' as const,
  cover_image_url: null,
  seller_first_name: null,
  seller_last_name: null,
})
const blob = (id: string, owner: string, uploaded: boolean) => ({
  id,
  listing_id: owner,
  blob: new Blob([id]),
  content_type: 'image/webp',
  path: `p/${id}`,
  uploaded,
})
const message = (id: string, sync_state: 'synced' | 'pending' | 'failed') => ({
  id,
  conversation_id: 'c1',
  listing_id: 'l1',
  sender_id: 'b',
  receiver_id: 's',
  content: id,
  created_at: `2026-01-01T00:00:0${id.length}.000Z`,
  updated_at: sync_state === 'synced' ? T : NOT_ON_SERVER,
  sync_state,
})

describe('what the status counts', () => {
  it('pending and failed apart, the oldest queue time, the first transient failure of a queued write, each failure with its code', async () => {
    const db = fresh()
    await db.outbox.bulkAdd([
      entry('listing:a', upsert('a'), { queued_at: 300, first_failed_at: 500 }),
      entry('listing:b', upsert('b'), {
        queued_at: 100,
        state: 'failed',
        error: { code: 'listing_edit_failed' },
        first_failed_at: 50,
      }),
      entry('listing:c', upsert('c'), { queued_at: 200, first_failed_at: 400 }),
      entry('listing:d', upsert('d'), { queued_at: 900 }),
      entry(
        'profile:u',
        { kind: 'profile.update', profile: { id: 'u', first_name: null, last_name: null, location: null } },
        { queued_at: 250, state: 'failed' },
      ),
    ])
    expect(await pendingSummary(db)).toEqual({
      pending: 3,
      photos: null,
      failed: 2,
      oldestQueuedAt: 100,
      retryingSince: 400,
      waitingForOtherAccounts: 0,
      failures: [
        { group: 'listing:b', message: { code: 'listing_edit_failed' } },
        { group: 'profile:u', message: '' },
      ],
    })
  })

  it('counts what the person did: a listing with its photos once, each message; photos as progress', async () => {
    const db = fresh()
    await db.outbox.bulkAdd([
      entry(
        'listing:a',
        { kind: 'photo.upload', photo_id: 'p2', path: 'p/p2', content_type: 'image/webp' },
        { queued_at: 1 },
      ),
      entry(
        'listing:a',
        { kind: 'photo.upload', photo_id: 'p3', path: 'p/p3', content_type: 'image/webp' },
        { queued_at: 2 },
      ),
      entry('listing:a', upsert('a'), { queued_at: 3 }),
      entry('listing:a', { kind: 'images.replace', listing_id: 'a', images: [] }, { queued_at: 4 }),
      entry(
        'conversation:c1',
        { kind: 'conversation.create', conversation: { id: 'c1', listing_id: 'l1', buyer_id: 'b', seller_id: 's' } },
        { queued_at: 5 },
      ),
      entry(
        'conversation:c1',
        {
          kind: 'message.send',
          message: {
            id: 'm1',
            conversation_id: 'c1',
            listing_id: 'l1',
            sender_id: 'b',
            receiver_id: 's',
            content: 'hi',
          },
        },
        { queued_at: 6 },
      ),
    ])
    await db.photo_blobs.bulkPut([
      blob('p1', 'a', true),
      blob('p2', 'a', false),
      blob('p3', 'a', false),
      blob('x', 'synced-listing', false),
    ])
    expect(await pendingSummary(db)).toMatchObject({ pending: 2, photos: { uploaded: 1, total: 3 } })
    expect(await unsentCount(db)).toBe(2)
  })

  it('nothing queued: no times', async () => {
    expect(await pendingSummary(fresh())).toMatchObject({
      pending: 0,
      failed: 0,
      oldestQueuedAt: null,
      retryingSince: null,
      failures: [],
    })
  })

  it('counts the writes other accounts left on the device, and only those', async () => {
    const db = fresh()
    await db.meta.bulkPut([
      { key: `${PARKED_PREFIX}a`, value: { outbox: [1, 2], photo_blobs: [] } },
      { key: `${PARKED_PREFIX}b`, value: { drafts: [1] } },
      { key: 'owner', value: { outbox: [1, 2, 3] } },
    ])
    expect(await writesWaitingForOtherAccounts(db)).toBe(2)
  })
})

describe('the user retries or discards a refused write', () => {
  it('retry: every entry of the group is queued again from scratch, the entity pending', async () => {
    const db = fresh()
    await db.listings.put(listingRow('l1', T))
    await db.outbox.bulkAdd([
      entry('listing:l1', upsert(), {
        state: 'failed',
        attempts: 3,
        not_before: 99,
        first_failed_at: 5,
        error: { code: 'listing_edit_failed' },
      }),
      entry('listing:l2', upsert('l2'), { state: 'failed', error: { code: 'write_failed' } }),
    ])
    await retryFailed(db, 'listing:l1')
    const [mine, other] = await db.outbox.toArray()
    expect(mine).toEqual(entry('listing:l1', upsert(), { seq: mine!.seq }))
    expect(other!.state).toBe('failed')
    expect(await db.listings.get('l1')).toMatchObject({ sync_state: 'pending' })
  })

  it('discard of a favourite: its entries go and nothing else is touched', async () => {
    const db = fresh()
    await db.my_profile.put({
      id: 'l1',
      first_name: null,
      last_name: null,
      location: null,
      profile_picture_url: null,
      created_at: T,
      updated_at: T,
      email: null,
      subscription_status: null,
      subscription_start_date: null,
      last_payment_date: null,
      sync_state: 'synced',
    })
    await db.outbox.add(
      entry(
        'favourite:l1',
        { kind: 'favourite.set', user_id: 'u', listing_id: 'l1', favourite: true, created_at: T },
        { state: 'failed' },
      ),
    )
    expect(await discardFailed(db, 'favourite:l1')).toEqual({})
    expect([await db.outbox.count(), await db.my_profile.count()]).toEqual([0, 1])
  })

  it.each([
    [
      'an edit of a listing the server has: the server’s version is fetched again',
      T,
      { refetchListing: 'l1', uploaded: ['p/i1'] },
    ],
    ['a listing the server never took: nothing to fetch', NOT_ON_SERVER, { uploaded: ['p/i1'] }],
  ])(
    'discard of %s; its uploaded files are named for the sweep, not the unsent ones',
    async (_name, updated_at, todo) => {
      const db = fresh()
      await db.listings.put(listingRow('l1', updated_at))
      await db.listing_images.put({
        id: 'i1',
        listing_id: 'l1',
        image_url: 'p/i1',
        image_order: 1,
        created_at: T,
        updated_at: T,
        sync_state: 'pending',
      })
      await db.photo_blobs.bulkPut([blob('i1', 'l1', true), blob('i2', 'l1', false), blob('x', 'l2', true)])
      await db.outbox.add(entry('listing:l1', upsert(), { state: 'failed' }))
      expect(await discardFailed(db, 'listing:l1')).toEqual(todo)
      expect([
        await db.listings.count(),
        await db.listing_images.count(),
        (await db.photo_blobs.toArray()).map((b) => b.id),
      ]).toEqual([0, 0, ['x']])
    },
  )

  it('discard of a conversation: its unsent messages go; a conversation the server never took goes, one it has stays', async () => {
    const db = fresh()
    const conv = (id: string, updated_at: string) => ({
      id,
      listing_id: 'l1',
      buyer_id: 'b',
      seller_id: 's',
      last_message_at: T,
      created_at: T,
      updated_at,
      sync_state: 'failed' as const,
    })
    await db.conversations.bulkPut([conv('c1', NOT_ON_SERVER), conv('c2', T)])
    await db.messages.bulkPut([
      message('m1', 'synced'),
      message('m22', 'failed'),
      message('m333', 'pending'),
      { ...message('m4444', 'failed'), conversation_id: 'c2' },
    ])
    await db.outbox.bulkAdd([
      entry('conversation:c1', upsert(), { state: 'failed' }),
      entry('conversation:c2', upsert(), { state: 'failed' }),
    ])
    expect(await discardFailed(db, 'conversation:c1')).toEqual({})
    expect((await db.messages.toArray()).map((m) => m.id)).toEqual(['m1', 'm4444'])
    expect((await db.conversations.toArray()).map((c) => c.id)).toEqual(['c2'])
    expect(await discardFailed(db, 'conversation:c2')).toEqual({})
    expect((await db.conversations.toArray()).map((c) => c.id)).toEqual(['c2'])
    expect((await db.messages.toArray()).map((m) => m.id)).toEqual(['m1'])
  })

  it('discard of a profile edit: the row goes to be fetched again, with the unsent picture; uploaded pictures are named', async () => {
    const db = fresh()
    await db.my_profile.put({
      id: 'u',
      first_name: 'x',
      last_name: null,
      location: null,
      profile_picture_url: null,
      created_at: T,
      updated_at: T,
      email: null,
      subscription_status: null,
      subscription_start_date: null,
      last_payment_date: null,
      sync_state: 'failed',
    })
    await db.photo_blobs.bulkPut([blob('p1', 'profile:u', true), blob('p2', 'profile:u', false), blob('x', 'l1', true)])
    await db.outbox.add(
      entry(
        'profile:u',
        { kind: 'profile.update', profile: { id: 'u', first_name: 'x', last_name: null, location: null } },
        { state: 'failed' },
      ),
    )
    expect(await discardFailed(db, 'profile:u')).toEqual({ refetchProfile: true, uploaded: ['p/p1'] })
    expect([await db.my_profile.count(), (await db.photo_blobs.toArray()).map((b) => b.id)]).toEqual([0, ['x']])
  })
})

describe('the sync state of an entity', () => {
  it('a conversation’s state goes on its unsent rows only: the synced conversation and messages stay synced', async () => {
    const db = fresh()
    await db.conversations.bulkPut([
      {
        id: 'c1',
        listing_id: 'l1',
        buyer_id: 'b',
        seller_id: 's',
        last_message_at: T,
        created_at: T,
        updated_at: T,
        sync_state: 'synced',
      },
      {
        id: 'c9',
        listing_id: 'l9',
        buyer_id: 'b',
        seller_id: 's',
        last_message_at: T,
        created_at: T,
        updated_at: '',
        sync_state: 'pending',
      },
    ])
    await db.messages.bulkPut([message('m1', 'synced'), message('m22', 'pending')])
    await setEntityState(db, 'conversation:c1', 'failed', { code: 'message_send_failed' })
    expect((await db.messages.toArray()).map((m) => [m.id, m.sync_state, m.sync_error])).toEqual([
      ['m1', 'synced', undefined],
      ['m22', 'failed', { code: 'message_send_failed' }],
    ])
    expect((await db.conversations.toArray()).map((c) => c.sync_state)).toEqual(['synced', 'pending'])
    await setEntityState(db, 'conversation:c9', 'failed', { code: 'message_send_failed' })
    expect((await db.conversations.get('c9'))?.sync_state).toBe('failed')
    // Messages whose conversation the device does not hold (realtime brought them alone) still get the state.
    await db.conversations.delete('c1')
    await setEntityState(db, 'conversation:c1', 'pending')
    expect((await db.messages.get('m22'))?.sync_state).toBe('pending')
  })

  it('a listing’s and a profile’s row, by the group’s id; a favourite has none', async () => {
    const db = fresh()
    await db.listings.bulkPut([listingRow('l1', T), listingRow('l2', T)])
    await db.my_profile.put({
      id: 'u',
      first_name: null,
      last_name: null,
      location: null,
      profile_picture_url: null,
      created_at: T,
      updated_at: T,
      email: null,
      subscription_status: null,
      subscription_start_date: null,
      last_payment_date: null,
      sync_state: 'pending',
    })
    await setEntityState(db, 'listing:l1', 'synced')
    await setEntityState(db, 'profile:u', 'failed', { code: 'profile_update_failed' })
    await setEntityState(db, 'favourite:l2', 'synced')
    expect((await db.listings.toArray()).map((l) => [l.sync_state, l.sync_error])).toEqual([
      ['synced', undefined],
      ['failed', undefined],
    ])
    expect(await db.my_profile.get('u')).toMatchObject({
      sync_state: 'failed',
      sync_error: { code: 'profile_update_failed' },
    })
  })
})

describe('units at their edges', () => {
  const at = (entries: OutboxEntry[]) => entries.map((e, i) => ({ ...e, seq: i + 1 }))

  it('the message limit is for messages: a listing’s edits collapse however many', () => {
    const entries = at([
      entry('listing:a', upsert('a')),
      entry('listing:a', upsert('a')),
      entry('listing:a', upsert('a')),
    ])
    expect(unitOf(entries, entries[0]!, 2)).toHaveLength(3)
  })

  it('a unit starts at its head: earlier entries of the group are not part of it', () => {
    const entries = at([
      entry('listing:a', upsert('a')),
      entry('listing:a', upsert('a')),
      entry('listing:a', upsert('a')),
    ])
    expect(unitOf(entries, entries[1]!, 10).map((e) => e.seq)).toEqual([2, 3])
  })
})
