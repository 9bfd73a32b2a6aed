// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { feedPage } from '@/db/repositories/feed'
import { followFirstScreen } from '@/remote/first-screen'
import { adoptFirstScreen, firstScreenPending, requestListing, resetFirstScreenAdoption } from './app-sync'

let db: KreisDatabase
beforeEach(() => {
  db = new KreisDatabase(`first-screen-${Math.random()}`)
  resetFirstScreenAdoption()
})
afterEach(async () => {
  resetFirstScreenAdoption()
  db.close()
  await db.delete()
})

const at = (min: number) => `2026-11-25T10:${String(min).padStart(2, '0')}:00+00:00`
const row = (id: string, min: number) => ({
  id,
  user_id: 'u1',
  title: `Coat ${id}`,
  description: 'Warm',
  price: '50.00',
  condition: 'very_good',
  category: 'women',
  product_type: null,
  brand: 'Arket',
  size: 'M',
  location: 'Bern',
  status: 'active',
  tags: [],
  created_at: at(min),
  updated_at: at(min),
  listing_images: [{ id: `${id}-i`, listing_id: id, image_url: `u1/${id}.jpg`, image_order: 0, created_at: at(min) }],
  profiles: {
    id: 'u1',
    first_name: 'Anna',
    last_name: 'Müller',
    location: 'Zurich',
    profile_picture_url: null,
    created_at: at(0),
    updated_at: at(0),
  },
})

describe('a cold visit’s first screen goes into the mirror, and screens read it from there', () => {
  it('stores the listings with their card fields, once per page', async () => {
    const source = followFirstScreen(Promise.resolve([row('a', 1), row('b', 2)]))
    expect(await adoptFirstScreen(db, source)).toEqual(new Set(['a', 'b']))
    const page = await feedPage(db, {}, 1)
    expect(page.map((l) => l.id)).toEqual(['b', 'a'])
    expect(page[0]).toMatchObject({ cover_image_url: 'u1/b.jpg', seller_first_name: 'Anna', price: 50 })
    // Once: a second call (another screen) does not write again.
    await db.listings.clear()
    await adoptFirstScreen(db, source)
    expect(await db.listings.count()).toBe(0)
  })

  it('an item the first screen brought is found without asking the server (no transport is loaded)', async () => {
    const source = followFirstScreen(Promise.resolve([row('a', 1)]))
    await adoptFirstScreen(db, source)
    expect(await requestListing('a', db)).toBe('found')
    expect((await db.listings.get('a'))?.title).toBe('Coat a')
  })

  it('no request, a failure or an empty answer stores nothing', async () => {
    for (const request of [undefined, Promise.reject(new Error('offline')), Promise.resolve([])]) {
      resetFirstScreenAdoption()
      expect(await adoptFirstScreen(db, followFirstScreen(request))).toEqual(new Set())
    }
    expect(await db.listings.count()).toBe(0)
  })

  it('is pending only while rows that already arrived are being stored (a request still on its way is not waited for)', async () => {
    let answer!: (rows: unknown) => void
    const source = followFirstScreen(new Promise((r) => (answer = r)))
    expect(firstScreenPending(source)).toBe(false)
    answer([row('a', 1)])
    await source.rows
    expect(firstScreenPending(source)).toBe(true)
    await adoptFirstScreen(db, source)
    expect(firstScreenPending(source)).toBe(false)
  })
})
