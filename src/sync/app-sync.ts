/**
 * The app's sync engine: one per tab, on the app's database, with the Supabase transport imported only when the
 * engine first needs it (docs/architecture.md §1 rule 8). `startAppSync()` once at start-up; screens read `useSyncStatus`.
 */
import { useStore } from 'zustand'
import { getDatabase, type KreisDatabase } from '@/db/database'
import { applyListingBundle } from '@/db/repositories/mirror'
import { firstScreen, type FirstScreen } from '@/remote/first-screen'
import { firstScreenBundle } from '@/remote/first-screen-bundle'
import type { FeedFilters } from '@/domain/feed-filters'
import type { FeedSort } from '@/domain/feed-query'
import { SyncEngine } from './engine'
import { askServerPage, type ServerPageOutcome } from './server-search'
import type { Transport } from './protocol'
import type { SyncStatus } from './status-store'
import { traceHop } from './trace'

let engine: SyncEngine | null = null
let started = false
let transport: Promise<Transport> | null = null

/**
 * The one transport of the app (the engine's), imported on first use. A chunk that could not be fetched is asked
 * for again at the next cycle (docs/decisions.md#D-chunk-retry): kept, its failure would stop the tab syncing for good.
 */
const appTransport = (): Promise<Transport> =>
  (transport ??= import('@/remote/client')
    .then((m) => m.createTransport())
    .catch((error: unknown) => {
      transport = null
      throw error
    }))

export function getAppSync(): SyncEngine {
  engine ??= new SyncEngine({ db: getDatabase(), transport: appTransport })
  return engine
}

/** Starts leader election; the leader tab syncs. Safe to call more than once. */
export function startAppSync(): SyncEngine {
  const e = getAppSync()
  if (!started) e.start()
  started = true
  return e
}

/** The sync status for the UI (online, pending, last sync, failures, storage problems). */
export function useSyncStatus<T>(select: (s: SyncStatus) => T): T {
  return useStore(getAppSync().status, select)
}

/**
 * Tells the engine that the device just wrote something to send (action hooks call it after a local write).
 * Does nothing before `startAppSync()` (component tests, static pages).
 */
export function pokeSync(): void {
  traceHop('poke')
  if (started && engine) void engine.push().catch(() => {})
}

/** What asking the server for one listing gave: stored in the mirror, not visible to this user, or no answer. */
export type ListingRequestResult = 'found' | 'missing' | 'failed'

/**
 * Pulls one listing (with its images and seller) into the mirror: the item page asks for it when the device does
 * not hold it yet (a shared link opened before the first pull finished). Screens then read it from Dexie as usual.
 */
export async function requestListing(id: string, db: KreisDatabase = getDatabase()): Promise<ListingRequestResult> {
  try {
    if ((await adoptFirstScreen(db)).has(id)) return 'found'
    const r = await (await appTransport()).fetchListing(id)
    if (!r.ok) return 'failed'
    if (!r.value) return 'missing'
    await applyListingBundle(db, r.value)
    return 'found'
  } catch {
    return 'failed'
  }
}

/** Asks the server one page of a shop search into the mirror (server-search.ts); the shop reads it from Dexie. */
export async function requestServerPage(
  filters: FeedFilters,
  sort: FeedSort,
  page: number,
  db: KreisDatabase = getDatabase(),
): Promise<ServerPageOutcome> {
  try {
    return await askServerPage({ db, transport: await appTransport() }, filters, sort, page)
  } catch {
    return 'failed'
  }
}

let adoption: Promise<ReadonlySet<string>> | null = null
let adopted = false

/**
 * The page's first screen (index.html's request) has arrived and is not in the mirror yet: storing it takes a
 * moment, and the shop holds its space meanwhile. Still on its way, it is not waited for: skeletons as usual.
 */
export const firstScreenPending = (source: FirstScreen = firstScreen): boolean => !!source.arrived()?.length && !adopted

/**
 * Stores the listings index.html asked for on a cold visit of /shop or /item/:id (remote/first-screen-request.ts)
 * in the mirror, once per page, so the first screen shows them without waiting for the data layer's first pull
 * (which still mirrors the whole feed). Resolves to the ids stored; empty without a request or when it failed.
 */
export function adoptFirstScreen(
  db: KreisDatabase = getDatabase(),
  source: FirstScreen = firstScreen,
): Promise<ReadonlySet<string>> {
  return (adoption ??= adoptRows(db, source).finally(() => (adopted = true)))
}

async function adoptRows(db: KreisDatabase, source: FirstScreen): Promise<ReadonlySet<string>> {
  try {
    const rows = await source.rows
    if (!rows?.length) return new Set()
    const bundle = firstScreenBundle(rows)
    await applyListingBundle(db, bundle)
    return new Set(bundle.listings.map((l) => l.id))
  } catch {
    return new Set()
  }
}

/** Forgets the page's adoption (tests). */
export function resetFirstScreenAdoption(): void {
  adoption = null
  adopted = false
}
