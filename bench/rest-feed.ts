/**
 * The feed query over HTTP as anon (spec §7.2: 12 active listings, newest first, with their images), against an
 * in-memory local stack restored from the migrated + seeded template: 1 client sequential (p50/p95) and 20
 * closed-loop clients (req/s, p95), the clients in a separate process. For comparison, in alternating rounds, the same SQL the API builds, run straight on PGlite through
 * Database.withClaims with 20 concurrent callers: the engine's own ceiling.
 */
import os from 'node:os'
import { startTestStack } from '../supabase/local/testing/test-stack.ts'
import { planRead, relationSource } from '../supabase/local/rest/plan.ts'
import { parseQuery } from '../supabase/local/rest/query-params.ts'
import { loadSchemaCache } from '../supabase/local/rest/schema-cache.ts'
import { Params, readSql } from '../supabase/local/rest/sql-builder.ts'
import { percentile, type Figure } from './figure.ts'
import { closedLoop, httpGetLoop, loadInChild, type LoadRun } from './load-client.ts'

const FEED_QUERY = 'select=*,listing_images(image_url,image_order)&status=eq.active&order=created_at.desc&limit=12'
const WARM_UP_MS = 1000
const SEQUENTIAL_MS = 4000
const ROUNDS = 5
const ROUND_MS = 1500
const CLIENTS = 20
const COMMAND = 'npm run bench -- rest'

export async function run(): Promise<Figure[]> {
  const ts = await startTestStack()
  try {
    const url = `${ts.url}/rest/v1/listings?${FEED_QUERY}`
    const headers = { apikey: ts.anonKey, 'Accept-Profile': 'public' }
    const feed = httpGetLoop(url, headers)
    const sample = (await (await fetch(url, { headers })).json()) as { listing_images: unknown[] }[]
    const rows = sample.length
    const images = sample.reduce((n, r) => n + r.listing_images.length, 0)

    // The exact statement the API runs, for the engine-only figure.
    const cache = await loadSchemaCache(ts.stack.ctx.db.pg)
    const root = planRead(cache, relationSource(cache, 'listings')!, parseQuery(new URLSearchParams(FEED_QUERY)))
    const params = new Params()
    const sql = readSql(root, { single: false, count: false }, params)
    const engine = async () => {
      await ts.stack.ctx.db.withClaims({ role: 'anon' }, (tx) => tx.query(sql, params.values))
    }

    await closedLoop(1, WARM_UP_MS, feed)
    await closedLoop(CLIENTS, WARM_UP_MS, engine)
    // The clients run in their own process, as browsers would (the server keeps its event loop to itself).
    const sequential = await loadInChild(url, ts.anonKey, 1, SEQUENTIAL_MS)
    // HTTP and engine alternate in short rounds, so that a burst of other work on the machine hits both alike;
    // the figures are the medians over the rounds.
    const rounds: { http: LoadRun; engine: LoadRun }[] = []
    for (let i = 0; i < ROUNDS; i++) {
      rounds.push({
        http: await loadInChild(url, ts.anonKey, CLIENTS, ROUND_MS),
        engine: await closedLoop(CLIENTS, ROUND_MS, engine),
      })
    }
    const rate = (r: LoadRun) => r.latencies.length / r.seconds
    const median = (xs: number[]) => percentile(xs, 50)
    const httpRate = median(rounds.map((r) => rate(r.http)))
    const engineRate = median(rounds.map((r) => rate(r.engine)))
    const kept = median(rounds.map((r) => (100 * rate(r.http)) / rate(r.engine)))
    const httpP95 = median(rounds.map((r) => percentile(r.http.latencies, 95)))
    const engineP95 = median(rounds.map((r) => percentile(r.engine.latencies, 95)))
    const perRound = rounds.map((r) => `${Math.round(rate(r.http))}/${Math.round(rate(r.engine))}`).join(', ')
    const load = `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at the end`
    const shape = `${rows} rows, ${images} images per response; ${load}`
    return [
      {
        figure: 'feed query over HTTP as anon, 1 client, p95',
        value: percentile(sequential.latencies, 95),
        unit: 'ms',
        budget: { op: '<=', limit: 10 },
        command: COMMAND,
        note: `p50 ${percentile(sequential.latencies, 50).toFixed(2)} ms over ${sequential.latencies.length} requests; ${shape}`,
      },
      {
        figure: `feed query over HTTP as anon, ${CLIENTS} clients, throughput`,
        value: httpRate,
        unit: 'req/s',
        budget: { op: '>=', limit: 450 },
        command: COMMAND,
        note:
          `median of ${ROUNDS} rounds of ${ROUND_MS / 1000} s, p95 ${httpP95.toFixed(1)} ms; the same SQL straight on PGlite ` +
          `(withClaims, ${CLIENTS} concurrent, alternating with HTTP): ${Math.round(engineRate)} q/s, p95 ${engineP95.toFixed(1)} ms; ` +
          `HTTP keeps ${Math.round(kept)} % (HTTP/engine per round: ${perRound}); ${load}`,
      },
    ]
  } finally {
    await ts.stop()
  }
}
