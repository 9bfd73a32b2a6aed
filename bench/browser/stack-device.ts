/**
 * The bench page as one device on the local stack: a signed-in supabase-js client, a fresh Dexie database and the
 * app's sync engine over the Supabase transport, written to with the app's own local-write actions.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { liveQuery } from 'dexie'
import { KreisDatabase } from '../../src/db/database'
import type { ListingRecord } from '../../src/db/records'
import type { BenchApi, DrainResult, DrainWorkload, StackInfo } from './bench-api'
import { makeListingFixtures } from './listing-fixtures'
import { saveListing, sendMessage, SupabaseTransport, SyncEngine, type ListingFields } from './sync-modules'

const PASSWORD = 'bench-password-1'
const DRAIN_TIMEOUT_MS = 60_000
const FIRST_SYNC_TIMEOUT_MS = 30_000
const POLL_MS = 10

interface Device {
  userId: string
  client: SupabaseClient
  db: KreisDatabase
  engine: SyncEngine
}

let device: Device | null = null
let signUps = 0
const arrivals = new Map<string, number>()
let stopWatching: (() => void) | null = null

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between pages of one machine. */
const epochNow = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function current(): Device {
  if (!device) throw new Error('signUp first')
  return device
}

async function waitFor(cond: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const end = performance.now() + timeoutMs
  while (!(await cond())) {
    if (performance.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(POLL_MS)
  }
}

async function outboxSummary(db: KreisDatabase): Promise<string> {
  const entries = await db.outbox.toArray()
  const failed = entries.filter((e) => e.state === 'failed')
  return `${entries.length} entries left, ${failed.length} failed${failed[0] ? ` (first: ${failed[0].op.kind}: ${failed[0].error})` : ''}`
}

function listingFields(l: ListingRecord): ListingFields {
  const { title, description, price, condition, category, product_type, brand, size, fabric, location, tags } = l
  return { title, description, price, condition, category, product_type, brand, size, fabric, location, tags }
}

export const stackDevice: Pick<
  BenchApi,
  | 'signUp'
  | 'queueOffline'
  | 'drain'
  | 'startSync'
  | 'publishListing'
  | 'watchMessages'
  | 'arrivedAt'
  | 'sendTimed'
  | 'syncIdle'
  | 'disconnect'
> = {
  async signUp(stack: StackInfo, firstName: string) {
    const client = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    })
    const email = `bench-${firstName.toLowerCase()}-${Date.now()}-${++signUps}@bench.kreis.ch`
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: firstName, last_name: 'Bench' } },
    })
    if (error || !data.user || !data.session) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`)
    const name = `kreis-bench-device-${data.user.id}`
    await KreisDatabase.delete(name)
    const db = new KreisDatabase(name)
    await db.open()
    device = {
      userId: data.user.id,
      client,
      db,
      engine: new SyncEngine({ db, transport: new SupabaseTransport(client) }),
    }
    return data.user.id
  },

  async queueOffline(w: DrainWorkload) {
    const { db, userId, client } = current()
    const { data, error } = await client
      .from('listings')
      .select('id, user_id')
      .eq('status', 'active')
      .neq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(w.conversations)
    if (error || !data || data.length < w.conversations)
      throw new Error(`need ${w.conversations} listings of others: ${error?.message ?? data?.length}`)
    for (const l of makeListingFixtures(w.listings, 11).listings)
      await saveListing(db, userId, { fields: listingFields(l), images: [] }, Date.now())
    for (let k = 0; k < w.messagesPerConversation; k++) {
      for (const l of data as { id: string; user_id: string }[]) {
        const input = {
          listingId: l.id,
          sellerId: l.user_id,
          buyerId: userId,
          senderId: userId,
          content: `Is it still available? (${k + 1})`,
        }
        await sendMessage(db, input, Date.now())
      }
    }
    return db.outbox.count()
  },

  async drain(): Promise<DrainResult> {
    const { db, engine } = current()
    const entries = await db.outbox.count()
    let empty: (t: number) => void = () => {}
    let fail: (e: unknown) => void = () => {}
    const emptied = new Promise<number>((resolve, reject) => ((empty = resolve), (fail = reject)))
    const sub = liveQuery(() => db.outbox.count()).subscribe({
      next: (n) => n === 0 && empty(performance.now()),
      error: fail,
    })
    const t0 = performance.now()
    engine.start()
    const timeout = sleep(DRAIN_TIMEOUT_MS).then(() => null)
    const t1 = await Promise.race([emptied, timeout]).finally(() => sub.unsubscribe())
    if (t1 === null) throw new Error(`outbox not drained in ${DRAIN_TIMEOUT_MS} ms: ${await outboxSummary(db)}`)
    await engine.idle()
    return { entries, ms: t1 - t0 }
  },

  async startSync() {
    const { engine } = current()
    engine.start()
    await waitFor(() => engine.status.getState().lastSyncAt !== null, FIRST_SYNC_TIMEOUT_MS, 'the first sync')
  },

  async publishListing() {
    const { db, engine, userId } = current()
    const id = await saveListing(
      db,
      userId,
      { fields: listingFields(makeListingFixtures(1, 12).listings[0]!), images: [] },
      Date.now(),
    )
    await engine.sync('write')
    await waitFor(async () => (await db.outbox.count()) === 0, FIRST_SYNC_TIMEOUT_MS, 'the listing to be pushed')
    return id
  },

  async watchMessages() {
    const { db } = current()
    const sub = liveQuery(() => db.messages.toCollection().primaryKeys()).subscribe({
      next: (ids) => {
        const t = epochNow()
        for (const id of ids) if (!arrivals.has(id)) arrivals.set(id, t)
      },
    })
    stopWatching = () => sub.unsubscribe()
  },

  arrivedAt(messageId: string) {
    return arrivals.get(messageId) ?? null
  },

  async sendTimed(listingId: string, sellerId: string, content: string) {
    const { db, engine, userId } = current()
    const at = epochNow()
    const id = await sendMessage(db, { listingId, sellerId, buyerId: userId, senderId: userId, content }, Date.now())
    // What the app does after every local write: ask the engine for a cycle (it pushes at once when online).
    void engine.sync('write').catch(() => {})
    return { id, at }
  },

  async syncIdle() {
    await current().engine.idle()
  },

  async disconnect() {
    stopWatching?.()
    stopWatching = null
    const d = device
    device = null
    if (!d) return
    await d.engine.stop()
    await d.client.removeAllChannels()
    d.db.close()
    await d.db.delete()
  },
}
