// @vitest-environment node
// The profiles of the device's window against the real local stack (migration 20261127120500, pull.ts): a device
// holds the profiles of its listings' sellers, its conversations' counterparts and its user, not one per account;
// a rename of a held listing's seller reaches its cards; a counterpart known for long arrives with the
// conversation; a seller whose last held listing left is evicted with it.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { SupabaseTransport } from '@/remote/supabase-transport'
import { anonTestClient } from '@/remote/testing/test-client'
import { SyncEngine } from './engine'
import { startStack, stackDevice, Switchboard, type StackHandle } from './testing/stack-devices'

const WINDOW = 4

let stack: StackHandle
let service: ReturnType<typeof anonTestClient>
type User = { id: string; email: string; password: string }
let seller: User
/** A seller whose only listing is older than the window. */
let old: User
/** An account with no listing at all. */
let nobody: User
const windowIds: string[] = []
const closers: (() => Promise<void>)[] = []

async function insertListing(by: User, title: string): Promise<string> {
  const { data, error } = await service
    .from('listings')
    .insert({
      user_id: by.id,
      title,
      description: 'Worn twice',
      price: 40,
      condition: 'very_good',
      category: 'women',
      location: 'Bern',
      status: 'active',
    })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  return (data as { id: string }).id
}

async function visitorDevice(): Promise<{ db: KreisDatabase; engine: SyncEngine }> {
  const db = new KreisDatabase(`profile-window-${Math.random()}`)
  const { default: WebSocket } = (await import(/* @vite-ignore */ 'ws' as string)) as { default: unknown }
  const client = anonTestClient({ url: stack.url, anonKey: stack.anonKey, fetch: new Switchboard().fetch, WebSocket })
  const engine = new SyncEngine({ db, transport: new SupabaseTransport(client), locks: null, windowSize: WINDOW })
  closers.push(async () => {
    await engine.stop()
    await client.removeAllChannels()
    db.close()
  })
  return { db, engine }
}

const profilesHeld = async (db: KreisDatabase) => ((await db.profiles.toCollection().primaryKeys()) as string[]).sort()

beforeAll(async () => {
  stack = await startStack()
  service = (stack as unknown as { service(): typeof service }).service()
  old = await stack.newUser({ firstName: 'Otto', lastName: 'Older' })
  nobody = await stack.newUser({ firstName: 'Nina', lastName: 'Nobody' })
  seller = await stack.newUser({ firstName: 'Wanda', lastName: 'Window' })
  await insertListing(old, 'Loden coat')
  for (let i = 0; i < WINDOW; i++) windowIds.push(await insertListing(seller, `Coat ${i}`))
})

afterAll(async () => {
  for (const close of closers) await close()
  await stack?.stop()
})

describe('a visitor’s profiles', () => {
  it('are the window’s sellers only: no profile of an unrelated seller or of an account without listings', async () => {
    const { db, engine } = await visitorDevice()
    expect((await engine.sync('start')).pullFailure).toBeNull()
    expect(((await db.listings.toCollection().primaryKeys()) as string[]).sort()).toEqual([...windowIds].sort())
    expect(await profilesHeld(db)).toEqual([seller.id])
  })

  it('follow a rename of a held listing’s seller onto its cards', async () => {
    const { db, engine } = await visitorDevice()
    expect((await engine.sync('start')).pullFailure).toBeNull()
    const { error } = await service.from('profiles').update({ first_name: 'Wilma' }).eq('id', seller.id)
    expect(error).toBeNull()
    expect((await engine.sync('write')).pullFailure).toBeNull() // the pull alone, no reconcile
    expect((await db.profiles.get(seller.id))?.first_name).toBe('Wilma')
    expect((await db.listings.get(windowIds[0]!))?.seller_first_name).toBe('Wilma')
    await service.from('profiles').update({ first_name: 'Wanda' }).eq('id', seller.id)
  })

  it('lose a seller whose last held listing left the window', async () => {
    const { db, engine } = await visitorDevice()
    const fresh = await insertListing(old, 'Trench coat') // Otto's listing enters the window
    expect((await engine.sync('start')).pullFailure).toBeNull()
    expect(await profilesHeld(db)).toEqual([old.id, seller.id].sort())
    const { error } = await service.from('listings').delete().eq('id', fresh)
    expect(error).toBeNull()
    expect((await engine.sync('start')).pullFailure).toBeNull()
    expect(await db.listings.get(fresh)).toBeUndefined()
    expect(await profilesHeld(db)).toEqual([seller.id])
  })
})

describe('a member’s profiles', () => {
  it('hold their own and a counterpart known for long, who arrives with the conversation', async () => {
    const device = await stackDevice(stack, seller, { windowSize: WINDOW })
    closers.push(() => device.close())
    expect((await device.engine.sync('start')).pullFailure).toBeNull()
    expect(await profilesHeld(device.db)).toEqual([seller.id])
    // Nina's profile has not changed since before the device's position: only the conversation brings her.
    const { error } = await service
      .from('conversations')
      .insert({ listing_id: windowIds[1], buyer_id: nobody.id, seller_id: seller.id })
    expect(error).toBeNull()
    expect((await device.engine.sync('write')).pullFailure).toBeNull()
    expect(await profilesHeld(device.db)).toEqual([nobody.id, seller.id].sort())
    expect((await device.db.profiles.get(nobody.id))?.first_name).toBe('Nina')
    expect(await device.db.profiles.get(old.id)).toBeUndefined()
  })
})
