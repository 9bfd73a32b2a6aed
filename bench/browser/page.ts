/**
 * The bench page's entry: the app's own Dexie database and repositories (src/db), driven from bench/dexie.ts
 * through `window.bench`. Each database gets a bench-only name, so the page never touches the app's "kreis".
 */
import type { DexieOptions } from 'dexie'
import { cardFields, coversByListing } from '../../src/db/card-fields'
import { KreisDatabase } from '../../src/db/database'
import { feedPage } from '../../src/db/repositories/feed'
import { applyListingBundle } from '../../src/db/repositories/mirror'
import type { ListingRow } from '../../src/db/rows'
import { PULL_PAGE_SIZE } from '../../src/sync/constants'
import type { BenchApi, FeedSample } from './bench-api'
import { feedCases } from './feed-mix'
import { makeListingFixtures, type ListingFixtures } from './listing-fixtures'
import { stackDevice } from './stack-device'

const opened = new Set<KreisDatabase>()
let databases = 0

async function freshDatabase(label: string, options?: DexieOptions): Promise<KreisDatabase> {
  const name = `kreis-bench-${label}-${++databases}`
  await KreisDatabase.delete(name)
  const db = new KreisDatabase(name, options)
  await db.open()
  opened.add(db)
  return db
}

async function drop(db: KreisDatabase): Promise<void> {
  opened.delete(db)
  db.close()
  await db.delete()
}

/** The listing rows as the mirror stores them: synced, with their card fields. */
function mirrorRows(f: ListingFixtures): ListingRow[] {
  const sellers = new Map(f.sellers.map((p) => [p.id, p]))
  const covers = coversByListing(f.images)
  return f.listings.map((l) => ({
    ...l,
    sync_state: 'synced',
    ...cardFields(covers.get(l.id) ?? null, sellers.get(l.user_id)),
  }))
}

/** Bare IndexedDB: one readwrite transaction, one put per row, resolved on complete. */
function rawPut(db: KreisDatabase, rows: ListingRow[]): Promise<void> {
  const tx = db.backendDB().transaction('listings', 'readwrite')
  const store = tx.objectStore('listings')
  for (const r of rows) store.put(r)
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
    tx.onabort = () => reject(tx.error)
  })
}

/** The same put into a store with no index at all, in its own database: what the listings' indexes cost. */
async function rawUnindexedPut(rows: ListingRow[]): Promise<number> {
  const name = 'bench-bulk-raw-unindexed'
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(name, 1)
    req.onupgradeneeded = () => req.result.createObjectStore('listings', { keyPath: 'id' })
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
  const t0 = performance.now()
  const tx = idb.transaction('listings', 'readwrite')
  for (const r of rows) tx.objectStore('listings').put(r)
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = tx.onabort = () => reject(tx.error)
  })
  const ms = performance.now() - t0
  idb.close()
  await new Promise((resolve) => (indexedDB.deleteDatabase(name).onsuccess = resolve))
  return ms
}

async function bootstrap(db: KreisDatabase, f: ListingFixtures): Promise<void> {
  for (let i = 0; i < f.listings.length; i += PULL_PAGE_SIZE) {
    const listings = f.listings.slice(i, i + PULL_PAGE_SIZE)
    const ids = new Set(listings.map((l) => l.id))
    const sellerIds = new Set(listings.map((l) => l.user_id))
    await applyListingBundle(db, {
      listings,
      images: f.images.filter((img) => ids.has(img.listing_id)),
      sellers: f.sellers.filter((s) => sellerIds.has(s.id)),
    })
  }
}

let fixtures: ListingFixtures | null = null
let feedDb: KreisDatabase | null = null

const api: BenchApi = {
  async makeFixtures(count, seed) {
    fixtures = makeListingFixtures(count, seed)
  },

  async bulkWrite(mode) {
    const f = fixtures
    if (!f) throw new Error('makeFixtures first')
    const rows = mode === 'bootstrap' ? [] : mirrorRows(f)
    if (mode === 'raw-unindexed') return rawUnindexedPut(rows)
    const db = await freshDatabase(
      `bulk-${mode}`,
      mode === 'listings-strict' ? { chromeTransactionDurability: 'strict' } : undefined,
    )
    const t0 = performance.now()
    if (mode === 'bootstrap') await bootstrap(db, f)
    else if (mode === 'raw') await rawPut(db, rows)
    else await db.transaction('rw', db.listings, () => db.listings.bulkPut(rows))
    const ms = performance.now() - t0
    const [listings, images] = await Promise.all([db.listings.count(), db.listing_images.count()])
    if (listings !== f.listings.length || (mode === 'bootstrap' && images !== f.images.length))
      throw new Error(`bulk write (${mode}) lost rows`)
    await drop(db)
    return ms
  },

  async prepareFeed(count) {
    feedDb = await freshDatabase('feed')
    await bootstrap(feedDb, makeListingFixtures(count, 7))
    // A second connection has no projection yet: its first pages walk the newest-first index while it loads.
    const cold = new KreisDatabase(feedDb.name)
    try {
      const t0 = performance.now()
      await feedPage(cold, {}, 1)
      const t1 = performance.now()
      await feedPage(cold, { category: 'women' }, 1)
      return { homeMs: t1 - t0, categoryMs: performance.now() - t1 }
    } finally {
      cold.close()
    }
  },

  async feedRuns(runs, warmUp) {
    const db = feedDb
    if (!db) throw new Error('prepareFeed first')
    const samples: FeedSample[] = []
    for (const [i, c] of feedCases(warmUp + runs).entries()) {
      const t0 = performance.now()
      const cards = await feedPage(db, c.filter, c.page)
      const ms = performance.now() - t0
      if (i >= warmUp) samples.push({ shape: c.shape, page: c.page, ms, cards: cards.length })
    }
    return samples
  },

  async cleanUp() {
    for (const db of [...opened]) await drop(db)
    fixtures = null
    feedDb = null
  },

  ...stackDevice,
}

window.bench = api
document.title = 'bench ready'
