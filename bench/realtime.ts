/**
 * Realtime propagation: one supabase-js client inserts a chat message through the REST API, and the time until the
 * recipient's postgres_changes callback fires is measured, with 50 subscribed clients (each a different user, so
 * every change is checked against RLS for all 50). Budget: p95 ≤ 100 ms (docs/decisions.md#D-realtime-budget).
 *
 * Fair share under a join flood (docs/decisions.md#D-fair-share): a normal visitor's feed read over HTTP (1 client, in its own
 * process), idle and then while another process floods the realtime endpoint with joins from 20 sockets (join +
 * leave back to back, each join with postgres_changes bindings; a socket the server cuts off comes back after
 * 50 ms). The stack runs with hosted Realtime's default limits (realtime/limits.ts). Budget: p95 under the flood
 * ≤ 5× the idle p95 and ≤ 50 ms.
 *
 * The flood is bounded on the attacker's side so that the bench measures the server, not the attacker's own memory:
 * an earlier draft refilled each socket's send buffer with
 * `while (ws.bufferedAmount < 65536) send()`. When the server cuts a socket off (a frame flood, realtime/connection.ts),
 * ws drops further sends on the destroyed TCP socket without counting them in bufferedAmount, and readyState stays
 * OPEN until the 'close' event, which that loop never lets run: the attacker spun forever building frames, its heap
 * grew by ~15 MB/s to a V8 fatal out-of-memory error (measured: 1.6 GB after 2 min, deaf to SIGTERM), and the bench
 * waited on it. Here each of
 * the 20 slots holds one socket at a time (the next opens only after the previous one's 'close'), a socket's send
 * buffer stays under 16 KB, and the flood comes from 127.0.0.2, another client address than the feed's 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { percentile, type Figure } from './figure.ts'
import { loadInChild } from './load-client.ts'
import { DEFAULT_REALTIME_LIMITS } from '../supabase/local/realtime/limits.ts'
import { startTestStack } from '../supabase/local/testing/test-stack.ts'
import {
  closeClients,
  installFixture,
  person,
  realtimeClient,
  room,
  subscribe,
} from '../supabase/local/testing/realtime-fixtures.ts'

const SUBSCRIBERS = 50
const WARMUP = 10
const SAMPLES = 200
const BUDGET_P95_MS = 100
const FEED_QUERY = 'select=*,listing_images(image_url,image_order)&status=eq.active&order=created_at.desc&limit=12'
const FLOOD_SOCKETS = 20
const FEED_MS = 4000
const WARM_UP_MS = 1000

export async function run(): Promise<Figure[]> {
  // Hosted's realtime limits, not the test stack's raised per-address join rate.
  const ts = await startTestStack({}, { realtimeLimits: DEFAULT_REALTIME_LIMITS })
  const clients = []
  try {
    const fair = await fairShare(ts.url, ts.anonKey)
    await installFixture(ts.stack)
    const sender = await person(ts.stack)
    const people = []
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const p = await person(ts.stack)
      await room(ts.stack, i + 1, sender, p)
      people.push(p)
    }
    const subs = []
    for (const p of people) {
      const client = realtimeClient(ts.stack, p.token)
      clients.push(client)
      subs.push(await subscribe(client, [{ event: 'INSERT' }]))
    }
    const writer = createClient(ts.url, ts.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${sender.token}` } },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    })
    // The REST schema cache reloads asynchronously after the fixture's NOTIFY.
    for (let tries = 0; (await writer.from('rt_messages').select('id').limit(1)).error; tries++) {
      if (tries > 100) throw new Error('the REST API never saw the fixture tables')
      await new Promise((r) => setTimeout(r, 50))
    }

    const samples: number[] = []
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const target = i % SUBSCRIBERS
      const sub = subs[target]!
      const before = sub.events.length
      const t0 = performance.now()
      const { error } = await writer
        .from('rt_messages')
        .insert({ room_id: target + 1, sender_id: sender.id, body: `message ${i}` })
      if (error) throw new Error(`insert failed: ${error.message}`)
      await sub.waitFor(before + 1)
      if (i >= WARMUP) samples.push(performance.now() - t0)
    }
    const command = 'npm run bench -- realtime'
    const load = `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at the end`
    const note = `REST insert by one client → postgres_changes callback of the recipient; ${SUBSCRIBERS} subscribers, each a different user checked against RLS; ${SAMPLES} messages after ${WARMUP} warm-up; max ${Math.round(Math.max(...samples))} ms`
    return [
      {
        figure: `realtime propagation, ${SUBSCRIBERS} subscribers, p50`,
        value: percentile(samples, 50),
        unit: 'ms',
        budget: { op: '<=', limit: BUDGET_P95_MS },
        command,
      },
      {
        figure: `realtime propagation, ${SUBSCRIBERS} subscribers, p95`,
        value: percentile(samples, 95),
        unit: 'ms',
        budget: { op: '<=', limit: BUDGET_P95_MS },
        command,
        note,
      },
      {
        figure: `feed query over HTTP as anon, 1 client, p95, while ${FLOOD_SOCKETS} sockets flood realtime joins`,
        value: fair.floodP95,
        unit: 'ms',
        budget: { op: '<=', limit: Math.round(Math.min(50, 5 * fair.idleP95) * 10) / 10 },
        command,
        note:
          `idle p95 ${fair.idleP95.toFixed(2)} ms (budget: ≤ 5× idle and ≤ 50 ms); under the flood p50 ` +
          `${fair.floodP50.toFixed(2)} ms, max ${fair.floodMax.toFixed(0)} ms over ${fair.requests} requests; the flood sent ` +
          `${fair.flood.joins} joins in ${(FEED_MS + WARM_UP_MS) / 1000} s over ${fair.flood.sockets} sockets (reconnecting when cut off): ` +
          `${fair.flood.ok} accepted, ${fair.flood.refused} refused ` +
          `(${fair.flood.reasons}); ${load}`,
      },
    ]
  } finally {
    await closeClients(clients)
    await ts.stop()
  }
}

interface FloodCount {
  sockets: number
  joins: number
  ok: number
  refused: number
  reasons: string
}

/** The feed read p95 on the idle stack, then while the join flood runs. */
async function fairShare(base: string, anonKey: string) {
  const url = `${base}/rest/v1/listings?${FEED_QUERY}`
  const idle = await loadInChild(url, anonKey, 1, FEED_MS)
  const flood = startFlood(base, anonKey)
  let attacked
  try {
    await new Promise((r) => setTimeout(r, WARM_UP_MS))
    attacked = await loadInChild(url, anonKey, 1, FEED_MS)
  } finally {
    flood.child.kill('SIGTERM')
    // A flood that does not answer SIGTERM within 3 s is killed (its counts are then reported as none).
    setTimeout(() => flood.child.exitCode === null && flood.child.kill('SIGKILL'), 3000).unref()
  }
  return {
    idleP95: percentile(idle.latencies, 95),
    floodP95: percentile(attacked.latencies, 95),
    floodP50: percentile(attacked.latencies, 50),
    floodMax: Math.max(...attacked.latencies),
    requests: attacked.latencies.length,
    flood: await flood.counts,
  }
}

/**
 * A child process with FLOOD_SOCKETS websockets sending phx_join (with bindings) and phx_leave as fast as the
 * sockets drain, ignoring refusals; prints how many joins it sent and what the server answered when stopped.
 */
function startFlood(base: string, anonKey: string): { child: ChildProcess; counts: Promise<FloodCount> } {
  const script = `
    const WebSocket = require('ws')
    const [url, sockets] = [process.argv[1], Number(process.argv[2])]
    const counts = { joins: 0, ok: 0, refused: 0, reasons: {}, sockets: 0 }
    const config = { postgres_changes: [{ event: '*', schema: 'public', table: 'listings' }] }
    let stopping = false
    const open = (s) => {
      counts.sockets++
      const ws = new WebSocket(url, { localAddress: '127.0.0.2' })
      let n = 0
      const pump = () => {
        if (ws.readyState !== WebSocket.OPEN) return
        // At most 64 frames per turn: once the server has cut the connection, sends are dropped without adding to
        // bufferedAmount until 'close' is processed, so a loop on bufferedAmount alone never ends.
        for (let i = 0; i < 64 && ws.bufferedAmount < 16384; i++) {
          const topic = 'realtime:flood-' + s + '-' + (++n)
          ws.send(JSON.stringify([String(n), 'j' + n, topic, 'phx_join', { config }]))
          ws.send(JSON.stringify([String(n), 'l' + n, topic, 'phx_leave', {}]))
          counts.joins++
        }
        setImmediate(pump)
      }
      ws.on('open', pump)
      ws.on('message', (data) => {
        const [, ref, , event, payload] = JSON.parse(String(data))
        if (event !== 'phx_reply' || typeof ref !== 'string' || !ref.startsWith('j')) return
        if (payload.status === 'ok') counts.ok++
        else {
          counts.refused++
          const reason = String(payload.response && payload.response.reason).split(':')[0]
          counts.reasons[reason] = (counts.reasons[reason] || 0) + 1
        }
      })
      ws.on('error', () => {})
      // Cut off by the server: this slot comes back once the old socket is gone, as a persistent attacker would.
      ws.on('close', () => { if (!stopping) setTimeout(() => open(s), 50) })
    }
    for (let s = 0; s < sockets; s++) open(s)
    process.on('SIGTERM', () => { stopping = true; process.stdout.write(JSON.stringify(counts)); process.exit(0) })`
  const wsUrl = `${base.replace('http', 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`
  const child = spawn(process.execPath, ['-e', script, wsUrl, String(FLOOD_SOCKETS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  const counts = new Promise<FloodCount>((resolve) =>
    // 'close', not 'exit': the counts may still be in the pipe when the process has exited.
    child.once('close', () => {
      const parsed = JSON.parse(out || '{"sockets":0,"joins":0,"ok":0,"refused":0,"reasons":{}}') as Omit<
        FloodCount,
        'reasons'
      > & {
        reasons: Record<string, number>
      }
      const reasons =
        Object.entries(parsed.reasons)
          .map(([r, k]) => `${r} ${k}`)
          .join(', ') || 'none'
      resolve({ ...parsed, reasons })
    }),
  )
  return { child, counts }
}
