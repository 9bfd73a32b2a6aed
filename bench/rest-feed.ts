/**
 * The feed query over HTTP as anon (docs/product.md §7.2: 12 active listings, newest first, with their images), against an
 * in-memory local stack restored from the migrated + seeded template: 1 client sequential (p50/p95) and 20
 * closed-loop clients (req/s, p95), the clients in a separate process. For comparison, in alternating rounds, the same SQL the API builds, run straight on PGlite through
 * Database.withClaims with 20 concurrent callers: the engine's own ceiling.
 *
 * Fair share (docs/decisions.md#D-fair-share): the same 1-client feed p95 while another client, in its own process, sends the
 * heaviest read the work caps still allow (supabase/local/rest/limits.ts) back to back: the slowest of a few
 * candidates that pass the caps (1000 rows, 2 embed levels, 8 embeds), picked by timing each on this stack.
 * Budget: ≤ 5× the idle p95 and ≤ 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import { MAX_ROWS, MAX_VISITED_ROWS, STATEMENT_TIMEOUT_MS } from '../supabase/local/rest/limits.ts'
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
    const sql = readSql(root, { single: false, count: false }, params, {
      maxRows: MAX_ROWS,
      timeoutMs: STATEMENT_TIMEOUT_MS.anon,
      maxVisitedRows: MAX_VISITED_ROWS,
    })
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
    // Fair share: the 1-client feed again, while the heaviest allowed read runs back to back beside it.
    const heavy = await heaviestAllowed(ts.url, ts.anonKey)
    const attacker = startAttacker(`${ts.url}/rest/v1/${heavy.path}`, ts.anonKey)
    let underAttack: LoadRun
    try {
      await new Promise((r) => setTimeout(r, WARM_UP_MS))
      underAttack = await loadInChild(url, ts.anonKey, 1, SEQUENTIAL_MS)
    } finally {
      attacker.child.kill('SIGTERM')
    }
    const attackerAnswers = await attacker.answers
    const attackSeconds = (WARM_UP_MS + SEQUENTIAL_MS) / 1000
    const idleP95 = percentile(sequential.latencies, 95)
    const attackedP95 = percentile(underAttack.latencies, 95)

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
        figure: 'feed query over HTTP as anon, 1 client, p95, while another client runs the heaviest allowed read',
        value: attackedP95,
        unit: 'ms',
        budget: { op: '<=', limit: Math.round(Math.min(50, 5 * idleP95) * 10) / 10 },
        command: COMMAND,
        note:
          `idle p95 ${idleP95.toFixed(2)} ms (budget: ≤ 5× idle and ≤ 50 ms); p50 ${percentile(underAttack.latencies, 50).toFixed(2)} ms, ` +
          `max ${Math.max(...underAttack.latencies).toFixed(0)} ms over ${underAttack.latencies.length} requests; heaviest allowed read: ` +
          `GET /rest/v1/${heavy.path} (${heavy.status}, ${(heavy.bytes / 1e6).toFixed(2)} MB, ${heavy.ms.toFixed(0)} ms alone; ` +
          `candidates: ${heavy.tried}); the attacker got ` +
          `${
            Object.entries(attackerAnswers)
              .map(([code, n]) => `${(n / attackSeconds).toFixed(1)}/s ${code}`)
              .join(', ') || 'no answer'
          } ` +
          `(database fair share: ${process.env.KREIS_FAIR_SHARE === 'off' ? 'off' : 'on'}); ${load}`,
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

/** Reads that pass every cap, from wide to deeply fanned out; the bench takes the slowest on this stack's data. */
// anon may read only these columns of profiles (column privileges): `profiles(*)` would be refused (401).
const P = 'profiles(id,first_name,last_name,location,profile_picture_url,created_at,updated_at'
const FOUR = ['a', 'b', 'c', 'd']
const HEAVY_CANDIDATES = [
  `listings?select=*,listing_images(*),${P})&limit=${MAX_ROWS}`,
  `profiles?select=id,first_name,listings(*,listing_images(*))&limit=${MAX_ROWS}`,
  `listing_images?select=*,${FOUR.map((k) => `${k}:listings(*,listing_images(*))`).join(',')}&limit=${MAX_ROWS}`,
  `listings?select=*,${FOUR.map((k) => `${k}:${P},listings(*))`).join(',')}&limit=${MAX_ROWS}`,
  `profiles?select=id,${FOUR.map((k) => `${k}:listings(*,${P}))`).join(',')}&limit=${MAX_ROWS}`,
]

async function heaviestAllowed(base: string, anonKey: string) {
  const timed = []
  for (const path of HEAVY_CANDIDATES) {
    const t0 = performance.now()
    const res = await fetch(`${base}/rest/v1/${path}`, { headers: { apikey: anonKey } })
    const bytes = (await res.arrayBuffer()).byteLength
    timed.push({ path, status: res.status, bytes, ms: performance.now() - t0 })
  }
  const tried = timed.map((t) => `${t.ms.toFixed(0)} ms/${t.status}`).join(', ')
  return { ...timed.reduce((a, b) => (b.ms > a.ms ? b : a)), tried }
}

/**
 * One client in its own process sending `url` back to back, whatever it answers. It connects from another loopback
 * address (127.0.0.2), as another machine would: the server shares the database by client address
 * (supabase/local/db/fair-share.ts), and the feed client is 127.0.0.1.
 */
function startAttacker(url: string, apikey: string): { child: ChildProcess; answers: Promise<Record<string, number>> } {
  const script = `
    const http = require('node:http')
    const agent = new http.Agent({ keepAlive: true, localAddress: '127.0.0.2' })
    const answers = {}
    const once = () => http.get(process.argv[1], { agent, headers: { apikey: process.argv[2] } }, (res) => {
      answers[res.statusCode] = (answers[res.statusCode] || 0) + 1
      res.on('data', () => {}); res.on('end', once); res.on('error', once)
    }).on('error', () => setTimeout(once, 10))
    process.on('SIGTERM', () => { process.stdout.write(JSON.stringify(answers)); process.exit(0) })
    once()`
  const child = spawn(process.execPath, ['-e', script, url, apikey], { stdio: ['ignore', 'pipe', 'ignore'] })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  const answers = new Promise<Record<string, number>>((resolve) =>
    child.once('close', () => {
      try {
        resolve(JSON.parse(out) as Record<string, number>)
      } catch {
        resolve({})
      }
    }),
  )
  return { child, answers }
}
