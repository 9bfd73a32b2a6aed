// @vitest-environment node
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '../database'
import type {
  ConversationRecord,
  ListingImageRecord,
  ListingRecord,
  MyProfileRecord,
  PublicProfileRecord,
} from '../records'
import {
  applyConversations,
  applyListingBundle,
  applyMyProfile,
  applyProfiles,
  replaceImageSets,
  storeMyProfile,
} from './mirror'

let db: KreisDatabase
beforeEach(() => {
  db = new KreisDatabase(`mirror-${Math.random()}`)
})
afterEach(async () => {
  db.close()
  await db.delete()
})

const T = '2026-01-01T00:00:00.000000Z'
const listing = (id: string, over: Partial<ListingRecord> = {}): ListingRecord => ({
  id,
  user_id: 'u1',
  title: 'Coat',
  description: 'Warm',
  price: 50,
  condition: 'very_good',
  category: 'women',
  product_type: null,
  brand: null,
  size: 'M',
  fabric: null,
  location: 'Bern',
  tags: null,
  status: 'active',
  created_at: T,
  updated_at: T,
  edited_at: T,
  ...over,
})
const image = (id: string, listingId: string, order: number): ListingImageRecord => ({
  id,
  listing_id: listingId,
  image_url: `u1/${listingId}/${id}.webp`,
  image_order: order,
  created_at: T,
  updated_at: T,
})
const seller = (over: Partial<PublicProfileRecord> = {}): PublicProfileRecord => ({
  id: 'u1',
  first_name: 'Lea',
  last_name: 'Meier',
  location: null,
  profile_picture_url: null,
  created_at: T,
  updated_at: T,
  ...over,
})

describe('card fields on listing rows (the feed reads one row per card)', () => {
  it('a pulled listing carries its lowest-ordered image and its seller’s name; one without images has none', async () => {
    await applyListingBundle(db, {
      listings: [listing('l1'), listing('l2')],
      images: [image('b', 'l1', 2), image('a', 'l1', 1)],
      sellers: [seller()],
    })
    expect(await db.listings.get('l1')).toMatchObject({
      cover_image_url: 'u1/l1/a.webp',
      seller_first_name: 'Lea',
      seller_last_name: 'Meier',
    })
    expect(await db.listings.get('l2')).toMatchObject({ cover_image_url: null, seller_first_name: 'Lea' })
  })

  it('takes the seller from the stored profiles when the bundle does not carry it', async () => {
    await db.profiles.put(seller({ first_name: 'Nina' }))
    await applyListingBundle(db, { listings: [listing('l1')], images: [], sellers: [] })
    expect((await db.listings.get('l1'))?.seller_first_name).toBe('Nina')
  })

  it('moves the cover when the image set is replaced, and renames a seller’s cards when the name changes', async () => {
    await applyListingBundle(db, {
      listings: [listing('l1')],
      images: [image('a', 'l1', 1), image('b', 'l1', 2)],
      sellers: [seller()],
    })
    await db.transaction('rw', [db.listings, db.listing_images], () =>
      replaceImageSets(db, ['l1'], [image('b', 'l1', 1)]),
    )
    expect((await db.listings.get('l1'))?.cover_image_url).toBe('u1/l1/b.webp')
    expect((await db.listing_images.toArray()).map((i) => i.id)).toEqual(['b'])

    await applyProfiles(db, [seller({ first_name: 'Léa', updated_at: '2026-01-02T00:00:00.000000Z' })])
    expect((await db.listings.get('l1'))?.seller_first_name).toBe('Léa')
    await applyProfiles(db, [seller({ first_name: 'stale', updated_at: '2025-12-31T00:00:00.000000Z' })])
    expect((await db.listings.get('l1'))?.seller_first_name).toBe('Léa')
  })
})

describe('the user’s own cards (two streams carry the user’s name: my_profile and the public profiles)', () => {
  const me = (first_name: string, updated_at: string): MyProfileRecord => ({
    ...seller({ first_name, updated_at }),
    email: null,
    subscription_status: null,
    subscription_start_date: null,
    last_payment_date: null,
  })

  it('follow the public profile when it arrives first, and stay when the own profile catches up', async () => {
    await applyMyProfile(db, me('Sam', T))
    await applyListingBundle(db, { listings: [listing('l1')], images: [], sellers: [] })
    expect((await db.listings.get('l1'))?.seller_first_name).toBe('Sam')
    await applyProfiles(db, [seller({ first_name: 'F4', updated_at: '2026-01-02T00:00:00.000000Z' })])
    expect((await db.listings.get('l1'))?.seller_first_name).toBe('F4')
    await applyMyProfile(db, me('F4', '2026-01-02T00:00:00.000000Z'))
    expect((await db.listings.get('l1'))?.seller_first_name).toBe('F4')
  })

  it('follow the own profile when it is the newer one', async () => {
    await applyListingBundle(db, { listings: [listing('l1')], images: [], sellers: [seller({ first_name: 'Old' })] })
    await applyMyProfile(db, me('New', '2026-01-02T00:00:00.000000Z'))
    expect((await db.listings.get('l1'))?.seller_first_name).toBe('New')
  })
})

describe('schema version 2', () => {
  it('fills the card fields of listings stored by version 1 and keeps every row', async () => {
    const name = `upgrade-${Math.random()}`
    const v1 = new Dexie(name)
    v1.version(1).stores({
      listings:
        'id, [status+created_at], [category+status+created_at], [status+price], [category+status+price], [user_id+created_at], sync_state',
      listing_images: 'id, listing_id, [listing_id+image_order], sync_state',
      profiles: 'id',
    })
    await v1.table('listings').bulkPut([
      { ...listing('l1'), sync_state: 'synced' },
      { ...listing('l2', { user_id: 'u9' }), sync_state: 'pending' },
    ])
    await v1.table('listing_images').bulkPut([
      { ...image('b', 'l1', 2), sync_state: 'synced' },
      { ...image('a', 'l1', 1), sync_state: 'synced' },
    ])
    await v1.table('profiles').put(seller())
    v1.close()

    const upgraded = new KreisDatabase(name)
    try {
      expect(await upgraded.listings.get('l1')).toMatchObject({
        cover_image_url: 'u1/l1/a.webp',
        seller_first_name: 'Lea',
        sync_state: 'synced',
      })
      expect(await upgraded.listings.get('l2')).toMatchObject({
        cover_image_url: null,
        seller_first_name: null,
        sync_state: 'pending',
      })
      expect(await upgraded.listing_images.where('listing_id').equals('l1').count()).toBe(2)
    } finally {
      upgraded.close()
      await upgraded.delete()
    }
  })
})

describe('answers and pulls never set a row back', () => {
  const me = (updated_at: string, first_name: string): MyProfileRecord => ({
    ...seller({ first_name, updated_at }),
    email: 'lea@example.ch',
    subscription_status: null,
    subscription_start_date: null,
    last_payment_date: null,
  })

  it('an acknowledgement older than the stored own profile leaves it; a newer one replaces it', async () => {
    await storeMyProfile(db, me('2026-01-02T00:00:00.000000Z', 'New'))
    await storeMyProfile(db, me('2026-01-01T00:00:00.000000Z', 'Old'))
    expect((await db.my_profile.get('u1'))?.first_name).toBe('New')
    await storeMyProfile(db, me('2026-01-03T00:00:00.000000Z', 'Newer'))
    expect((await db.my_profile.get('u1'))?.first_name).toBe('Newer')
  })

  it('read marks only move forward, from either side', async () => {
    const c = (updated_at: string, buyer: string | null, seller: string | null): ConversationRecord => ({
      id: 'c1',
      listing_id: 'l1',
      buyer_id: 'b',
      seller_id: 's',
      last_message_at: T,
      created_at: T,
      updated_at,
      buyer_last_read_at: buyer,
      seller_last_read_at: seller,
    })
    await applyConversations(db, [c('2026-01-02T00:00:00.000000Z', '2026-01-02T00:00:00.000000Z', null)])
    // An unsent local mark, then a pull of an older version and of a newer one without it.
    await db.conversations.update('c1', { seller_last_read_at: '2026-01-05T00:00:00.000000Z' })
    await applyConversations(db, [c('2026-01-01T00:00:00.000000Z', null, null)])
    expect(await db.conversations.get('c1')).toMatchObject({
      buyer_last_read_at: '2026-01-02T00:00:00.000000Z',
      seller_last_read_at: '2026-01-05T00:00:00.000000Z',
    })
    await applyConversations(db, [
      c('2026-01-03T00:00:00.000000Z', '2026-01-03T00:00:00.000000Z', '2026-01-04T00:00:00.000000Z'),
    ])
    expect(await db.conversations.get('c1')).toMatchObject({
      updated_at: '2026-01-03T00:00:00.000000Z',
      buyer_last_read_at: '2026-01-03T00:00:00.000000Z',
      seller_last_read_at: '2026-01-05T00:00:00.000000Z',
    })
    // A row with unsent changes still takes a later mark from another device.
    await db.conversations.update('c1', { sync_state: 'pending' })
    await applyConversations(db, [c('2026-01-06T00:00:00.000000Z', '2026-01-06T00:00:00.000000Z', null)])
    expect(await db.conversations.get('c1')).toMatchObject({
      updated_at: '2026-01-03T00:00:00.000000Z',
      buyer_last_read_at: '2026-01-06T00:00:00.000000Z',
    })
  })
})
