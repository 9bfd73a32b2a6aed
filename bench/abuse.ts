/**
 * Fair share under each abusive request the caps answer: a visitor's feed read (1 client, its own process,
 * from 127.0.0.1) p95 while another client (its own process, from 127.0.0.2) sends one attack back to back, after
 * the caps that answer it (regex bounds, write caps, body caps, storage policy before the body, save_listings and
 * message caps). Budget, as for the heaviest allowed read (bench/rest-feed.ts): ≤ 5× the idle p95 and ≤ 50 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startTestStack } from '../supabase/local/testing/test-stack.ts'
import { percentile, type Figure } from './figure.ts'
import { httpGetLoop, closedLoop, loadInChild } from './load-client.ts'

const FEED_QUERY = 'select=*,listing_images(image_url,image_order)&status=eq.active&order=created_at.desc&limit=12'
const WARM_UP_MS = 1000
const MEASURE_MS = 4000
const COMMAND = 'npm run bench -- abuse'

interface Attack {
  name: string
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

export async function run(): Promise<Figure[]> {
  const ts = await startTestStack()
  try {
    const url = `${ts.url}/rest/v1/listings?${FEED_QUERY}`
    await closedLoop(1, WARM_UP_MS, httpGetLoop(url, { apikey: ts.anonKey }))
    const idle = await loadInChild(url, ts.anonKey, 1, MEASURE_MS)
    const idleP95 = percentile(idle.latencies, 95)

    const user = await ts.newUser()
    const anon = { apikey: ts.anonKey, 'content-type': 'application/json' }
    const signedIn = { ...anon, authorization: `Bearer ${user.accessToken}` }
    const listing = (id: string) => ({
      id,
      user_id: user.id,
      title: 'Bench coat',
      description: 'A coat for the bench.',
      price: 10,
      condition: 'very_good',
      category: 'women',
      status: 'active',
      edited_at: new Date().toISOString(),
    })
    const attacks: Attack[] = [
      {
        name: 'anonymous nested-repeat regex filter',
        method: 'GET',
        headers: anon,
        path: `/rest/v1/listings?select=id&title=match.${encodeURIComponent('((.{0,90}){0,90}b|(.{0,90}){0,90}c)z1')}`,
      },
      {
        name: 'save_listings with 3,000 saves',
        method: 'POST',
        headers: signedIn,
        path: '/rest/v1/rpc/save_listings',
        body: JSON.stringify({
          saves: Array.from({ length: 3000 }, () => ({ listing: listing(randomUUID()), images: null })),
        }),
      },
      {
        name: 'insert of 4,500 messages',
        method: 'POST',
        headers: signedIn,
        path: '/rest/v1/messages',
        body: JSON.stringify(
          Array.from({ length: 4500 }, () => ({
            conversation_id: randomUUID(),
            sender_id: user.id,
            receiver_id: randomUUID(),
            content: 'x'.repeat(2000),
          })),
        ),
      },
      {
        name: 'anonymous 10 MB body',
        method: 'POST',
        headers: anon,
        path: '/rest/v1/trial_users',
        body: JSON.stringify({ email: 'a@b.ch', first_name: 'x'.repeat(10 * 1024 * 1024) }),
      },
      {
        name: 'anonymous 5 MB upload',
        method: 'POST',
        headers: { apikey: ts.anonKey, 'content-type': 'image/png' },
        path: `/storage/v1/object/listing-images/${user.id}/x.png`,
        body: 'x'.repeat(5 * 1024 * 1024),
      },
    ]

    const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`
    const figures: Figure[] = []
    for (const attack of attacks) {
      const attacker = startAttacker(ts.url, attack)
      let under
      try {
        await new Promise((r) => setTimeout(r, WARM_UP_MS))
        under = await loadInChild(url, ts.anonKey, 1, MEASURE_MS)
      } finally {
        attacker.child.kill('SIGTERM')
      }
      const answers = await attacker.answers
      const seconds = (WARM_UP_MS + MEASURE_MS) / 1000
      figures.push({
        figure: `feed over HTTP as anon, 1 client, p95, while another client sends: ${attack.name}`,
        value: percentile(under.latencies, 95),
        unit: 'ms',
        budget: { op: '<=', limit: Math.round(Math.min(50, 5 * idleP95) * 10) / 10 },
        command: COMMAND,
        note:
          `idle p95 ${idleP95.toFixed(2)} ms; under attack p50 ${percentile(under.latencies, 50).toFixed(2)} ms, max ` +
          `${Math.max(...under.latencies).toFixed(0)} ms over ${under.latencies.length} requests; the attacker got ` +
          `${
            Object.entries(answers)
              .map(([code, n]) => `${(n / seconds).toFixed(1)}/s ${code}`)
              .join(', ') || 'no answer'
          }; ${load()}`,
      })
    }
    return figures
  } finally {
    await ts.stop()
  }
}

/** One client in its own process from 127.0.0.2 sending `attack` back to back, whatever it answers. */
function startAttacker(
  base: string,
  attack: Attack,
): { child: ChildProcess; answers: Promise<Record<string, number>> } {
  const script = `
    const http = require('node:http')
    const a = JSON.parse(require('node:fs').readFileSync(process.argv[2], 'utf8'))
    const agent = new http.Agent({ keepAlive: true, localAddress: '127.0.0.2' })
    const answers = {}
    const once = () => {
      const req = http.request(process.argv[1] + a.path, { method: a.method, agent, headers: a.headers }, (res) => {
        answers[res.statusCode] = (answers[res.statusCode] || 0) + 1
        res.on('data', () => {}); res.on('end', once); res.on('error', once)
      })
      req.on('error', () => setTimeout(once, 10))
      req.end(a.body)
    }
    process.on('SIGTERM', () => { process.stdout.write(JSON.stringify(answers)); process.exit(0) })
    once()`
  // The attack (bodies of megabytes) goes through a file: a command line that long is refused (E2BIG).
  const file = path.join(os.tmpdir(), `kreis-bench-attack-${process.pid}-${randomUUID()}.json`)
  fs.writeFileSync(file, JSON.stringify(attack))
  const child = spawn(process.execPath, ['-e', script, base, file], { stdio: ['ignore', 'pipe', 'ignore'] })
  child.once('close', () => fs.rmSync(file, { force: true }))
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
