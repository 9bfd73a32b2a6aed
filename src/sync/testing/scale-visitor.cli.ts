/**
 * A visitor's first visit as the data layer sees it, for `npm run bench -- scale`: a new device (fake-indexeddb)
 * runs the sync engine against the stack at argv[2] with the anon key argv[3] and reports, as one JSON line, when
 * the mirror held its first listing and a first page (12), when it stopped growing (no new listing for
 * SETTLE_QUIET_MS, looked at up to argv[4] ms), how many listings and seller profiles it holds and their size as stored (JSON bytes
 * of listing, image and profile rows, estimated from their first 1,000 rows: IndexedDB before photos). Not a browser: no paint, no service worker.
 * Run with `tsx --tsconfig tsconfig.app.json` (the app's path aliases).
 */
import 'fake-indexeddb/auto'
import WebSocket from 'ws'
import { KreisDatabase } from '@/db/database'
import { anonTestClient } from '@/remote/testing/test-client'
import { SupabaseTransport } from '@/remote/supabase-transport'
import { SyncEngine } from '../engine'

const SETTLE_QUIET_MS = 3000
const POLL_MS = 100

const [url, anonKey, limitArg] = process.argv.slice(2)
if (!url || !anonKey) throw new Error('usage: scale-visitor.cli.ts <api url> <anon key> [max ms]')
const limitMs = Number(limitArg ?? 60_000)

const db = new KreisDatabase(`scale-visitor-${Date.now()}`)
const client = anonTestClient({ url, anonKey, fetch, WebSocket })
const engine = new SyncEngine({ db, transport: new SupabaseTransport(client), locks: null })
const started = performance.now()
engine.start()
let firstListingMs: number | null = null
let firstPageMs: number | null = null
let lastCount = 0
let lastGrowthMs = 0
let settledMs: number | null = null
while (performance.now() - started < limitMs) {
  await new Promise((r) => setTimeout(r, POLL_MS))
  const now = performance.now() - started
  const count = await db.listings.count()
  if (count > 0 && firstListingMs === null) firstListingMs = now
  if (count >= 12 && firstPageMs === null) firstPageMs = now
  if (count !== lastCount) {
    lastCount = count
    lastGrowthMs = now
  } else if (count > 0 && now - lastGrowthMs >= SETTLE_QUIET_MS) {
    settledMs = lastGrowthMs
    break
  }
}
// The engine is not stopped: before the window bounds the mirror, its cycle may still be pulling the catalogue,
// and stopping waits for it. The process ends here instead.
const count = await db.listings.count()
// Bytes as stored, from the first rows of each table scaled to its count (reading 100,000 rows back is slow here).
const SAMPLE = 1000
const bytes = async (table: { count(): Promise<number>; limit(n: number): { toArray(): Promise<unknown[]> } }) => {
  const rows = await table.limit(SAMPLE).toArray()
  return rows.length ? (JSON.stringify(rows).length / rows.length) * (await table.count()) : 0
}
const size = (await bytes(db.listings)) + (await bytes(db.listing_images)) + (await bytes(db.profiles))
console.log(
  JSON.stringify({
    firstListingMs,
    firstPageMs,
    settledMs,
    listings: count,
    profiles: await db.profiles.count(),
    mb: size / 1e6,
  }),
)
process.exit(0)
