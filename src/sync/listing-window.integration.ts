// @vitest-environment node
// The device's window against the real local stack (migration 20261127100000, pull.ts): with more listings than
// the window, a device holds the newest N and the user's own business, learns what enters, evicts what leaves; a
// seller who browsed as a visitor gets their sold listings on signing in; a sold favourite outside the window
// arrives on a fresh device with its title and photo.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { SupabaseTransport } from '@/remote/supabase-transport'
import { anonTestClient } from '@/remote/testing/test-client'
import { SyncEngine } from './engine'
import { adoptOwner } from './signed-in-user'
import { startStack, stackDevice, Switchboard, type StackDevice, type StackHandle } from './testing/stack-devices'

const WINDOW = 5

let stack: StackHandle
let service: ReturnType<typeof anonTestClient>
let seller: { id: string; email: string; password: string }
/** Oldest first. */
const ids: string[] = []
const closers: (() => Promise<void>)[] = []

async function insertListing(title: string, status: 'active' | 'sold' = 'active'): Promise<string> {
  const { data, error } = await service
    .from('listings')
    .insert({
      user_id: seller.id,
      title,
      description: 'Worn twice',
      price: 40,
      condition: 'very_good',
      category: 'women',
      location: 'Bern',
      status,
    })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  return (data as { id: string }).id
}

async function setStatus(id: string, status: 'active' | 'sold'): Promise<void> {
  const { error } = await service.from('listings').update({ status }).eq('id', id)
  if (error) throw new Error(error.message)
}

async function visitorDevice(
  db = new KreisDatabase(`window-visitor-${Math.random()}`),
): Promise<{ db: KreisDatabase; engine: SyncEngine }> {
  const { default: WebSocket } = (await import(/* @vite-ignore */ 'ws' as string)) as { default: unknown }
  const client = anonTestClient({ url: stack.url, anonKey: stack.anonKey, fetch: new Switchboard().fetch, WebSocket })
  const engine = new SyncEngine({ db, transport: new SupabaseTransport(client), locks: null, windowSize: WINDOW })
  closers.push(async () => {
    await engine.stop()
    await client.removeAllChannels()
  })
  return { db, engine }
}

const held = async (db: KreisDatabase) => ((await db.listings.toCollection().primaryKeys()) as string[]).sort()
const sorted = (xs: readonly string[]) => [...xs].sort()

beforeAll(async () => {
  stack = await startStack()
  service = (stack as unknown as { service(): typeof service }).service()
  seller = await stack.newUser({ firstName: 'Wanda', lastName: 'Window' })
  // One request each, so each has its own creation time (newest last).
  for (let i = 0; i < 12; i++) ids.push(await insertListing(`Coat ${i}`))
})

afterAll(async () => {
  for (const close of closers) await close()
  await stack?.stop()
})

describe('a visitor’s window', () => {
  it('holds the newest listings only, takes new ones, evicts what left, and fetches what entered without changing', async () => {
    const { db, engine } = await visitorDevice()
    expect((await engine.sync('start')).pullFailure).toBeNull()
    expect(await held(db)).toEqual(sorted(ids.slice(-WINDOW)))

    ids.push(await insertListing('Coat 12'), await insertListing('Coat 13'))
    expect((await engine.sync('write')).pullFailure).toBeNull() // no reconcile: the pull alone
    expect(await held(db)).toEqual(sorted(ids.slice(-WINDOW)))

    // One of the window sells: it leaves, and the next older listing (unchanged since long) enters.
    await setStatus(ids[ids.length - 1]!, 'sold')
    expect((await engine.sync('start')).pullFailure).toBeNull()
    expect(await held(db)).toEqual(sorted(ids.slice(-WINDOW - 1, -1)))
    await setStatus(ids[ids.length - 1]!, 'active')
    db.close()
  })
})

describe('a seller’s own listings, every status', () => {
  it('reach a device that browsed as a visitor before signing in, outside the window too, without a reconcile', async () => {
    const sold = await insertListing('Bally blush pink crossbody bag', 'sold')
    await setStatus(ids[0]!, 'sold')
    const db = new KreisDatabase(`window-seller-${Math.random()}`)
    const visitor = await visitorDevice(db)
    await visitor.engine.sync('start')
    await visitor.engine.stop()
    expect(await db.listings.get(sold)).toBeUndefined()

    const device: StackDevice = await stackDevice(stack, seller, { db, windowSize: WINDOW })
    closers.push(() => device.close())
    await adoptOwner(db, seller.id) // as the app does when the session appears
    expect((await device.engine.sync('write')).pullFailure).toBeNull()
    expect((await db.listings.get(sold))?.status).toBe('sold')
    expect((await db.listings.get(ids[0]!))?.status).toBe('sold')
    // Every listing of theirs, though the window is 5.
    expect(await db.listings.count()).toBe(ids.length + 1)
    await setStatus(ids[0]!, 'active')
  })
})

describe('a favourite outside the window that sold', () => {
  it('arrives on the fan’s fresh device with its title and photo, and stays', async () => {
    const fan = await stack.newUser({ firstName: 'Fay', lastName: 'Fan' })
    const old = ids[1]!
    const { error: imageError } = await service
      .from('listing_images')
      .insert({ listing_id: old, image_url: 'https://example.com/coat-1.jpg', image_order: 1 })
    expect(imageError).toBeNull()
    const first = await stackDevice(stack, fan, { windowSize: WINDOW })
    closers.push(() => first.close())
    const { error } = await first.client.from('favorites').insert({ user_id: fan.id, listing_id: old })
    expect(error).toBeNull()
    await setStatus(old, 'sold')

    const fresh = await stackDevice(stack, fan, { windowSize: WINDOW })
    closers.push(() => fresh.close())
    await adoptOwner(fresh.db, fan.id)
    expect((await fresh.engine.sync('start')).pullFailure).toBeNull()
    expect(await fresh.db.listings.get(old)).toMatchObject({
      title: 'Coat 1',
      status: 'sold',
      cover_image_url: 'https://example.com/coat-1.jpg',
    })
    expect(await fresh.db.listings.count()).toBe(WINDOW + 1)
    // Later pulls keep it (it is the user's business) and hold no more than the window besides it.
    expect((await fresh.engine.sync('start')).pullFailure).toBeNull()
    expect((await fresh.db.listings.get(old))?.status).toBe('sold')
    expect(await fresh.db.listings.count()).toBe(WINDOW + 1)
  })
})
