/**
 * The two servers one seeded scenario runs against: the memory model (MemoryServer behind MemoryTransport, its
 * own faults) and the real local stack (PGlite, the migrations' SQL, RLS and triggers) behind the real
 * SupabaseTransport and supabase-js, with faults at the HTTP boundary. Both hand the scenario the same devices
 * (a Dexie database, a sync engine on a virtual clock, a network it can cut) and a snapshot of the server's rows
 * in one shape, so the scenario and its oracle do not know which server they drive.
 */
import { KreisDatabase } from '@/db/database'
import { SupabaseTransport } from '@/remote/supabase-transport'
import { signedInTestClient } from '@/remote/testing/test-client'
import { SyncEngine } from '../../engine'
import { Device, VirtualClock } from '../../testing/harness'
import { favouritesOf } from '../../testing/memory-screen-ops'
import { MemoryServer } from '../../testing/memory-server'
import { LateDeliveries, NO_FAULTS } from '../../testing/memory-transport'
import { createRng, type Rng } from '../../testing/prng'
import { FaultyNetwork, type HttpTally } from './http-faults'

export type Role = 'seller' | 'buyer'

export interface SimDevice {
  readonly name: string
  readonly role: Role
  readonly userId: string
  readonly db: KreisDatabase
  readonly clock: VirtualClock
  online: boolean
  /** The chance that a write request meets a fault. */
  faultRate: number
  /** One sync cycle; a tab that dies during it is restarted on the same database. */
  sync(): Promise<void>
  /** Requests held back by the network (delayed, duplicated) reach the server now. */
  deliver(): Promise<void>
  close(): Promise<void>
}

/** The server's rows the oracle reads, the same shape for both servers. */
export interface Snapshot {
  listings: { id: string; user_id: string; title: string; status: string }[]
  images: { id: string; listing_id: string; image_order: number }[]
  favourites: { user_id: string; listing_id: string }[]
  conversations: {
    id: string
    buyer_id: string
    seller_id: string
    buyer_last_read_at: string | null
    seller_last_read_at: string | null
  }[]
  messages: { id: string; content: string; conversation_id: string }[]
  profiles: { id: string; first_name: string | null }[]
}

export interface Backend {
  readonly kind: 'memory' | 'real'
  readonly users: Record<Role, string>
  readonly devices: SimDevice[]
  snapshot(): Promise<Snapshot>
  close(): Promise<void>
}

const byId = <T extends { id: string }>(xs: T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1))

/** Device names and roles: the seller on two devices, the buyer on one. */
export const DEVICES: { name: string; role: Role }[] = [
  { name: 's1', role: 'seller' },
  { name: 's2', role: 'seller' },
  { name: 'b1', role: 'buyer' },
]

// ---- the memory model ----

/** Device clocks of the memory model run behind its server's epoch (edit times are never clamped). */
const MEMORY_START = Date.parse('2025-06-01T00:00:00.000Z')

export function memoryBackend(seed: number, ids: Rng): Backend {
  const server = new MemoryServer()
  const faults = createRng(seed ^ 0x6d656d)
  const late = new LateDeliveries(createRng(seed ^ 0x1a7e))
  const users = { seller: ids.uuid(), buyer: ids.uuid() }
  server.addUser(users.seller, 'Sam', 'Seller')
  server.addUser(users.buyer, 'Bea', 'Buyer')
  const devices = DEVICES.map(({ name, role }, i): SimDevice => {
    const d = new Device(name, users[role], server, faults, new VirtualClock(MEMORY_START + i + 1, faults), late)
    let rate = 0
    return {
      name,
      role,
      userId: users[role],
      db: d.db,
      clock: d.clock,
      get online() {
        return d.transport.online
      },
      set online(v: boolean) {
        d.transport.setOnline(v)
      },
      get faultRate() {
        return rate
      },
      set faultRate(r: number) {
        rate = r
        d.transport.faults =
          r === 0
            ? NO_FAULTS
            : {
                dropRequest: r / 4,
                dropResponse: r / 4,
                delay: r / 4,
                duplicate: r / 4,
                dropRealtime: 0,
                serverError: r / 4,
                lateCommit: 0,
              }
      },
      async sync() {
        await d.engine.sync('timer').catch(() => {})
        if (d.transport.dead) d.restart()
      },
      async deliver() {
        late.deliver(faults, rate === 0)
        d.transport.flushRealtime(rate === 0)
      },
      close: () => d.close(),
    }
  })
  return {
    kind: 'memory',
    users,
    devices,
    async snapshot() {
      return {
        listings: byId(
          [...server.listings.values()].map(({ id, user_id, title, status }) => ({ id, user_id, title, status })),
        ),
        images: byId(
          [...server.images.values()].map(({ id, listing_id, image_order }) => ({ id, listing_id, image_order })),
        ),
        favourites: [...favouritesOf(server).values()].map(({ user_id, listing_id }) => ({ user_id, listing_id })),
        conversations: byId(
          [...server.conversations.values()].map(
            ({ id, buyer_id, seller_id, buyer_last_read_at, seller_last_read_at }) => ({
              id,
              buyer_id,
              seller_id,
              buyer_last_read_at: buyer_last_read_at ?? null,
              seller_last_read_at: seller_last_read_at ?? null,
            }),
          ),
        ),
        messages: byId(
          [...server.messages.values()].map(({ id, content, conversation_id }) => ({ id, content, conversation_id })),
        ),
        profiles: byId([...server.profiles.values()].map(({ id, first_name }) => ({ id, first_name }))),
      }
    },
    async close() {
      for (const d of devices) await d.close()
    },
  }
}

// ---- the real local stack ----

export interface RealStack {
  url: string
  anonKey: string
  newUser(opts?: { firstName?: string; lastName?: string }): Promise<{ id: string; email: string; password: string }>
  /** A client with the service role (reads every row, past RLS). */
  service(): {
    from(table: string): { select(columns: string): PromiseLike<{ data: unknown[] | null; error: unknown }> }
  }
}

let dbCount = 0

export async function realBackend(
  stack: RealStack,
  seed: number,
  tally: HttpTally,
  expiredToken: string,
): Promise<Backend> {
  const accounts = {
    seller: await stack.newUser({ firstName: 'Sam', lastName: 'Seller' }),
    buyer: await stack.newUser({ firstName: 'Bea', lastName: 'Buyer' }),
  }
  const users = { seller: accounts.seller.id, buyer: accounts.buyer.id }
  const faults = createRng(seed ^ 0x7265616c)
  const { default: WebSocket } = (await import(/* @vite-ignore */ 'ws' as string)) as { default: unknown }
  // Device clocks run an hour behind the server's (edits are in the past, never clamped), a millisecond apart.
  const start = Date.now() - 3_600_000
  const devices: SimDevice[] = []
  for (const [i, { name, role }] of DEVICES.entries()) {
    const account = accounts[role]
    const db = new KreisDatabase(`real-faults-${name}-${++dbCount}-${Math.random()}`)
    const clock = new VirtualClock(start + i + 1, faults)
    let online = true
    let rate = 0
    const open = async () => {
      const net = new FaultyNetwork(faults, tally, expiredToken)
      net.online = online
      net.rate = rate
      const client = await signedInTestClient(
        { url: stack.url, anonKey: stack.anonKey, fetch: net.fetch, WebSocket },
        account.email,
        account.password,
      )
      const engine = new SyncEngine({ db, transport: new SupabaseTransport(client), clock, locks: null })
      return { net, client, engine }
    }
    let app = await open()
    const engines = [app.engine]
    devices.push({
      name,
      role,
      userId: account.id,
      db,
      clock,
      get online() {
        return online
      },
      set online(v: boolean) {
        online = v
        app.net.online = v
      },
      get faultRate() {
        return rate
      },
      set faultRate(r: number) {
        rate = r
        app.net.rate = r
      },
      async sync() {
        await app.engine.sync('timer').catch(() => {})
        if (app.net.dead) {
          // The tab died right after a commit: the app starts again on the same database.
          await app.net.deliverHeld()
          app = await open()
          engines.push(app.engine)
        }
      },
      deliver: () => app.net.deliverHeld(),
      async close() {
        await app.net.deliverHeld()
        for (const e of engines) await e.stop()
        db.close()
        await db.delete()
      },
    })
  }
  const read = async <T>(table: string, columns: string): Promise<T[]> => {
    const { data, error } = await stack.service().from(table).select(columns)
    if (error) throw new Error(`snapshot of ${table}: ${JSON.stringify(error)}`)
    return (data ?? []) as T[]
  }
  return {
    kind: 'real',
    users,
    devices,
    async snapshot() {
      const mine = (u: { user_id?: string; id?: string; buyer_id?: string }) =>
        [users.seller, users.buyer].includes((u.user_id ?? u.buyer_id ?? u.id)!)
      const listings = (await read<Snapshot['listings'][number]>('listings', 'id, user_id, title, status')).filter(mine)
      const ids = new Set(listings.map((l) => l.id))
      return {
        listings: byId(listings),
        images: byId(
          (await read<Snapshot['images'][number]>('listing_images', 'id, listing_id, image_order')).filter((i) =>
            ids.has(i.listing_id),
          ),
        ),
        favourites: (await read<Snapshot['favourites'][number]>('favorites', 'user_id, listing_id')).filter(mine),
        conversations: byId(
          (
            await read<Snapshot['conversations'][number]>(
              'conversations',
              'id, buyer_id, seller_id, buyer_last_read_at, seller_last_read_at',
            )
          ).filter(mine),
        ),
        messages: byId(
          (await read<Snapshot['messages'][number]>('messages', 'id, content, conversation_id, listing_id'))
            .filter((m) => ids.has((m as unknown as { listing_id: string }).listing_id))
            .map(({ id, content, conversation_id }) => ({ id, content, conversation_id })),
        ),
        profiles: byId((await read<Snapshot['profiles'][number]>('profiles', 'id, first_name')).filter(mine)),
      }
    },
    async close() {
      for (const d of devices) await d.close()
    },
  }
}
