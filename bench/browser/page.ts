/**
 * The bench page's entry: the app's own Dexie database and repositories (src/db), driven from bench/dexie.ts
 * through `window.bench`. Each database gets a bench-only name, so the page never touches the app's "kreis".
 */
import { KreisDatabase } from '../../src/db/database'
import { feedPage } from '../../src/db/repositories/feed'
import { applyListingBundle } from '../../src/db/repositories/mirror'
import type { BenchApi, FeedSample } from './bench-api'
import { feedCases } from './feed-mix'
import { makeListingFixtures, type ListingFixtures } from './listing-fixtures'
import { stackDevice } from './stack-device'

const opened = new Set<KreisDatabase>()
let databases = 0

async function freshDatabase(label: string): Promise<KreisDatabase> {
  const name = `kreis-bench-${label}-${++databases}`
  await KreisDatabase.delete(name)
  const db = new KreisDatabase(name)
  await db.open()
  opened.add(db)
  return db
}

async function drop(db: KreisDatabase): Promise<void> {
  opened.delete(db)
  db.close()
  await db.delete()
}

const synced = <T extends object>(r: T) => ({ ...r, sync_state: 'synced' as const })

let fixtures: ListingFixtures | null = null
let feedDb: KreisDatabase | null = null

const api: BenchApi = {
  async makeFixtures(count, seed) {
    fixtures = makeListingFixtures(count, seed)
  },

  async bulkWrite(mode) {
    const f = fixtures
    if (!f) throw new Error('makeFixtures first')
    const db = await freshDatabase(`bulk-${mode}`)
    const t0 = performance.now()
    if (mode === 'mirror') {
      await applyListingBundle(db, f)
    } else {
      await db.transaction('rw', [db.listings, db.listing_images, db.profiles], async () => {
        await db.listings.bulkPut(f.listings.map(synced))
        await db.listing_images.bulkPut(f.images.map(synced))
        await db.profiles.bulkPut(f.sellers)
      })
    }
    const ms = performance.now() - t0
    const [listings, images] = await Promise.all([db.listings.count(), db.listing_images.count()])
    if (listings !== f.listings.length || images !== f.images.length) throw new Error(`bulk write (${mode}) lost rows`)
    await drop(db)
    return ms
  },

  async prepareFeed(count) {
    feedDb = await freshDatabase('feed')
    await applyListingBundle(feedDb, makeListingFixtures(count, 7))
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
