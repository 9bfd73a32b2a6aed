/**
 * Realtime propagation: one supabase-js client inserts a chat message through the REST API, and the time until the
 * recipient's postgres_changes callback fires is measured, with 50 subscribed clients (each a different user, so
 * every change is checked against RLS for all 50). Budget: p95 ≤ 100 ms (issue 3).
 */
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { percentile, type Figure } from './figure.ts'
import { startTestStack } from '../supabase/local/testing/test-stack.ts'
import {
  closeClients,
  installFixture,
  person,
  realtimeClient,
  room,
  subscribe,
} from '../supabase/local/realtime/test-fixtures.ts'

const SUBSCRIBERS = 50
const WARMUP = 10
const SAMPLES = 200
const BUDGET_P95_MS = 100

export async function run(): Promise<Figure[]> {
  const ts = await startTestStack()
  const clients = []
  try {
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
    ]
  } finally {
    await closeClients(clients)
    await ts.stop()
  }
}
