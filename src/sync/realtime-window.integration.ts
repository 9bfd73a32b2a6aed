// @vitest-environment node
// Realtime at scale against the real local stack: a visitor's device hears about the listings it holds and about
// new listings (the feed's "N new listings" signal), not about every change of the catalogue.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { noteListingOpened } from '@/db/repositories/window'
import { SupabaseTransport } from '@/remote/supabase-transport'
import { anonTestClient } from '@/remote/testing/test-client'
import { SyncEngine } from './engine'
import { clearNewListings, newListingsStore } from './new-listings'
import type { RealtimeChange } from './protocol'
import { startStack, Switchboard, type StackHandle } from './testing/stack-devices'

const WINDOW = 4

let stack: StackHandle
let service: ReturnType<typeof anonTestClient>
let seller: { id: string }
const ids: string[] = []

async function insertListing(title: string): Promise<string> {
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
    })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  return (data as { id: string }).id
}

async function rename(id: string, title: string): Promise<void> {
  const { error } = await service.from('listings').update({ title }).eq('id', id)
  if (error) throw new Error(error.message)
}

async function until(cond: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (await cond()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`timed out waiting for ${what}`)
}

beforeAll(async () => {
  stack = await startStack()
  service = (stack as unknown as { service(): typeof service }).service()
  seller = await stack.newUser({ firstName: 'Rita', lastName: 'Realtime' })
  for (let i = 0; i < 8; i++) ids.push(await insertListing(`Coat ${i}`))
})

afterAll(async () => {
  await stack?.stop()
})

describe('a visitor’s realtime', () => {
  it('hears changes of the listings it holds and of new ones, not of the rest of the catalogue', async () => {
    const { default: WebSocket } = (await import(/* @vite-ignore */ 'ws' as string)) as { default: unknown }
    const client = anonTestClient({ url: stack.url, anonKey: stack.anonKey, fetch: new Switchboard().fetch, WebSocket })
    const db = new KreisDatabase(`realtime-window-${Math.random()}`)
    const engine = new SyncEngine({ db, transport: new SupabaseTransport(client), locks: null, windowSize: WINDOW })
    const heard: RealtimeChange[] = []
    const onChange = engine.onRealtimeChange.bind(engine)
    engine.onRealtimeChange = (c) => {
      heard.push(c)
      return onChange(c)
    }
    try {
      await engine.sync('start') // holds the newest 4 before realtime opens its channel
      clearNewListings()
      engine.start()
      await until(() => engine.status.getState().leader && client.getChannels().length > 0, 'the channel')
      await until(() => (client.getChannels()[0] as unknown as { state: string }).state === 'joined', 'the join')
      type Bindings = { bindings: { postgres_changes?: { filter: { event: string; filter?: string } }[] } }
      const filters = (client.getChannels()[0] as unknown as Bindings).bindings.postgres_changes!.map((b) =>
        `${b.filter.event} ${b.filter.filter ?? ''}`.trim(),
      )
      expect(filters.sort()).toEqual([
        'DELETE',
        'INSERT status=eq.active',
        expect.stringMatching(/^UPDATE created_at=gte\./),
      ])

      // Outside the window: not heard. Then a held one: heard (and applied). Events come in commit order, so once
      // the second is heard, the first would have been too.
      await rename(ids[0]!, 'Coat 0, relined')
      await rename(ids[7]!, 'Coat 7, relined')
      await until(
        async () => (await db.listings.get(ids[7]!))?.title === 'Coat 7, relined',
        'the held listing’s change',
      )
      const renamed = heard.flatMap((c) => (c.table === 'listings' && c.deletedId === undefined ? [c.row.id] : []))
      expect(renamed).toContain(ids[7])
      expect(renamed).not.toContain(ids[0])

      // New listings: the signal counts them (once each), and the window takes them.
      const fresh = [await insertListing('New coat A'), await insertListing('New coat B')]
      await until(() => newListingsStore.getState().ids.length === 2, 'the new listings signal')
      expect([...newListingsStore.getState().ids].sort()).toEqual([...fresh].sort())
      await until(async () => (await db.listings.get(fresh[1]!)) !== undefined, 'the new listing in the mirror')
    } finally {
      await engine.stop()
      await client.removeAllChannels()
      db.close()
      await db.delete()
    }
  })

  it('hears a listing it starts keeping after the channel opened: the channel is opened again for it', async () => {
    const { default: WebSocket } = (await import(/* @vite-ignore */ 'ws' as string)) as { default: unknown }
    const client = anonTestClient({ url: stack.url, anonKey: stack.anonKey, fetch: new Switchboard().fetch, WebSocket })
    const db = new KreisDatabase(`realtime-rescope-${Math.random()}`)
    const engine = new SyncEngine({ db, transport: new SupabaseTransport(client), locks: null, windowSize: WINDOW })
    type Bindings = { state: string; bindings: { postgres_changes?: { filter: { event: string; filter?: string } }[] } }
    const channels = () => client.getChannels() as unknown as Bindings[]
    const naming = (id: string) =>
      channels().some(
        (c) => c.state === 'joined' && (c.bindings.postgres_changes ?? []).some((b) => b.filter.filter?.includes(id)),
      )
    const old = ids[1]!
    try {
      await engine.sync('start')
      engine.start()
      await until(() => channels().some((c) => c.state === 'joined'), 'the join')
      expect(await db.listings.get(old)).toBeUndefined()
      expect(naming(old)).toBe(false)

      // The visitor opens an old listing (outside the newest 4): the device keeps it from now on.
      await noteListingOpened(db, old)
      await engine.sync('start')
      expect(await db.listings.get(old)).toBeDefined()
      await until(() => naming(old), 'a channel naming the opened listing')

      // Its change is heard at once, not at the next 60 s pull.
      await rename(old, 'Coat 1, relined')
      await until(async () => (await db.listings.get(old))?.title === 'Coat 1, relined', 'the opened listing’s change')
    } finally {
      await engine.stop()
      await client.removeAllChannels()
      db.close()
      await db.delete()
    }
  })

  it('a fresh device, whose channel opened before its first pull, narrows it to its window once it holds one', async () => {
    const { default: WebSocket } = (await import(/* @vite-ignore */ 'ws' as string)) as { default: unknown }
    const client = anonTestClient({ url: stack.url, anonKey: stack.anonKey, fetch: new Switchboard().fetch, WebSocket })
    const db = new KreisDatabase(`realtime-narrow-${Math.random()}`)
    const engine = new SyncEngine({ db, transport: new SupabaseTransport(client), locks: null, windowSize: WINDOW })
    type Bindings = { state: string; bindings: { postgres_changes?: { filter: { event: string; filter?: string } }[] } }
    const updates = () =>
      (client.getChannels() as unknown as Bindings[])
        .filter((c) => c.state === 'joined')
        .flatMap((c) =>
          (c.bindings.postgres_changes ?? [])
            .filter((b) => b.filter.event === 'UPDATE')
            .map((b) => b.filter.filter ?? 'every listing'),
        )
    try {
      engine.start() // nothing held yet: the channel opens for every change
      await until(async () => (await db.listings.count()) >= WINDOW, 'the first pull')
      await until(
        () => updates().length > 0 && updates().every((f) => f.startsWith('created_at=gte.')),
        'a channel narrowed to the window',
      )
    } finally {
      await engine.stop()
      await client.removeAllChannels()
      db.close()
      await db.delete()
    }
  })
})
