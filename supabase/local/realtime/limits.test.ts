/**
 * Realtime limits as hosted Realtime has them (limits.ts): joins per second per socket and per client address,
 * channels per socket and per address, frames per second, each refused with hosted's Phoenix error reply; joins that
 * read the catalogue only after DDL; one visibility check per (role, user), not per token.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import type { RealtimeServer } from './index.ts'
import { REFUSALS } from './limits.ts'
import {
  closeClients,
  installFixture,
  person,
  realtimeClient,
  room,
  say,
  subscribe,
  type Person,
} from '../testing/realtime-fixtures.ts'

let ts: TestStack
let anna: Person
let ben: Person
const clients: SupabaseClient[] = []
const sockets: WebSocket[] = []

const LIMITS = {
  joinsPerSecondPerSocket: 3,
  joinsPerSecondPerAddress: 5,
  channelsPerSocket: 100,
  channelsPerAddress: 5,
  eventsPerSecondPerSocket: 10,
  socketsPerAddress: 6,
}

beforeAll(async () => {
  ts = await startTestStack({}, { realtimeLimits: LIMITS })
  await installFixture(ts.stack)
  anna = await person(ts.stack)
  ben = await person(ts.stack)
  await room(ts.stack, 1, anna, ben)
})

// Each test starts with no socket or channel of this address left and every bucket full.
beforeEach(async () => {
  for (const ws of sockets.splice(0)) ws.close()
  await closeClients(clients.splice(0))
  await new Promise((r) => setTimeout(r, 200))
  await refill()
})

afterAll(async () => {
  for (const s of sockets) s.close()
  await closeClients(clients)
  await ts?.stop()
})

const realtime = () => ts.stack.ctx.realtime as RealtimeServer
/** Lets every token bucket refill (each holds one second's worth). */
const refill = () => new Promise((r) => setTimeout(r, 1100))

async function socket() {
  const ws = new WebSocket(`${ts.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${ts.anonKey}&vsn=2.0.0`)
  sockets.push(ws)
  const replies = new Map<string, unknown>()
  const waiters = new Map<string, (payload: unknown) => void>()
  ws.on('message', (data) => {
    const [, ref, , event, payload] = JSON.parse(String(data)) as [
      string | null,
      string | null,
      string,
      string,
      unknown,
    ]
    if (event !== 'phx_reply' || ref === null) return
    replies.set(ref, payload)
    waiters.get(ref)?.(payload)
  })
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)))
  let ref = 0
  const reply = (r: string) =>
    new Promise<unknown>((resolve, reject) => {
      if (replies.has(r)) return resolve(replies.get(r))
      waiters.set(r, resolve)
      setTimeout(() => reject(new Error(`no reply to ${r}`)), 10_000).unref()
    })
  return {
    /** Sends joins at once and resolves with their replies, in order. */
    join(topics: string[]): Promise<unknown[]> {
      const refs = topics.map((topic) => {
        const r = String(++ref)
        ws.send(JSON.stringify([r, r, `realtime:${topic}`, 'phx_join', { config: {}, access_token: ben.token }]))
        return r
      })
      return Promise.all(refs.map(reply))
    },
    heartbeats(n: number): Promise<unknown[]> {
      const refs = Array.from({ length: n }, () => {
        const r = String(++ref)
        ws.send(JSON.stringify([null, r, 'phoenix', 'heartbeat', {}]))
        return r
      })
      return Promise.all(refs.map(reply))
    },
  }
}

const ok = { status: 'ok', response: {} }
const refused = (reason: string) => ({ status: 'error', response: { reason } })

describe('realtime limits', () => {
  it('refuses joins beyond the per-socket rate with ClientJoinRateLimitReached, and accepts again a second later', async () => {
    const s = await socket()
    expect(await s.join(['a1', 'a2', 'a3', 'a4'])).toEqual([ok, ok, ok, refused(REFUSALS.joins)])
    await refill()
    expect(await s.join(['a4'])).toEqual([ok])
  })

  it('counts joins from one client address over all its sockets', async () => {
    const [s1, s2] = [await socket(), await socket()]
    // 5 per second from the address: three on one socket, then two more pass and the third is refused on the other.
    expect(await s1.join(['b1', 'b2', 'b3'])).toEqual([ok, ok, ok])
    expect(await s2.join(['b4', 'b5', 'b6'])).toEqual([ok, ok, refused(REFUSALS.joins)])
  })

  it('refuses channels beyond the per-address limit with ChannelRateLimitReached, and frees them on close', async () => {
    const [s1, s2] = [await socket(), await socket()]
    expect(await s1.join(['c1', 'c2'])).toEqual([ok, ok])
    expect(await s2.join(['c3', 'c4', 'c5'])).toEqual([ok, ok, ok])
    await refill()
    expect(await s2.join(['c6'])).toEqual([refused(REFUSALS.channels)])
    sockets[0]!.close()
    await new Promise((r) => setTimeout(r, 200))
    expect(await s2.join(['c6'])).toEqual([ok])
  })

  it('refuses frames beyond the per-socket rate with an error reply, without closing the socket', async () => {
    const s = await socket()
    const replies = await s.heartbeats(12)
    expect(replies.slice(0, 10)).toEqual(Array(10).fill(ok))
    expect(replies.slice(10)).toEqual([refused(REFUSALS.events), refused(REFUSALS.events)])
    await refill()
    expect(await s.heartbeats(1)).toEqual([ok])
  })

  it('cuts off a socket that keeps sending at more than twice the frame rate', async () => {
    const s = await socket()
    const ws = sockets.at(-1)!
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()))
    // 10 answered, 10 refused with an error reply, then the socket goes.
    void s.heartbeats(25).catch(() => {})
    await closed
    expect(ws.readyState).toBe(WebSocket.CLOSED)
  })

  it('hands the refusal to supabase-js as CHANNEL_ERROR with hosted reason', async () => {
    // The address holds its 5 channels on raw sockets; supabase-js's join, from the same address, is one too many.
    const [s1, s2] = [await socket(), await socket()]
    expect(await s1.join(['d1', 'd2', 'd3'])).toEqual([ok, ok, ok])
    expect(await s2.join(['d4', 'd5'])).toEqual([ok, ok])
    await refill()
    const c = realtimeClient(ts.stack, ben.token)
    clients.push(c)
    await expect(subscribe(c, [{ event: 'INSERT' }], 'd6')).rejects.toThrow(
      /^CHANNEL_ERROR: .*ChannelRateLimitReached: Too many channels/,
    )
  })
})

describe('joins and the catalogue', () => {
  it('reads the catalogue for the first join on a table and not again until DDL changes the schema', async () => {
    const c = realtimeClient(ts.stack, anna.token)
    clients.push(c)
    await subscribe(c, [{ event: 'INSERT', filter: 'room_id=eq.1' }], 'e1')
    const before = realtime().work().catalogueReads
    await subscribe(c, [{ event: 'INSERT', filter: 'room_id=eq.1' }], 'e2')
    await subscribe(c, [{ event: 'UPDATE', filter: 'score=gt.1' }], 'e3')
    expect(realtime().work().catalogueReads).toBe(before)

    // A new column is unknown to the cache; the DDL's notification makes the next join read again and accept it.
    await ts.stack.ctx.db.pg.exec(`alter table public.rt_messages add column mood text`)
    await refill()
    await subscribe(c, [{ event: 'INSERT', filter: 'mood=eq.happy' }], 'e4')
    expect(realtime().work().catalogueReads).toBeGreaterThan(before)
  })
})

describe('sockets per address', () => {
  /** The HTTP status the server answers an upgrade with (101 when the socket opens). */
  const upgrade = () =>
    new Promise<{ status: number; ws: WebSocket }>((resolve, reject) => {
      const ws = new WebSocket(`${ts.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${ts.anonKey}&vsn=2.0.0`)
      sockets.push(ws)
      ws.once('open', () => resolve({ status: 101, ws }))
      ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0, ws }))
      ws.once('error', (e) => (ws.readyState === WebSocket.CLOSED ? undefined : reject(e)))
    })

  it('answers 429 to the upgrade past the per-address socket cap, and opens again once a socket closed', async () => {
    const opened = await Promise.all(Array.from({ length: 6 }, upgrade))
    expect(opened.map((o) => o.status)).toEqual(Array(6).fill(101))
    expect((await upgrade()).status).toBe(429)
    const closed = new Promise((r) => opened[0]!.ws.once('close', r))
    opened[0]!.ws.close()
    await closed
    // The server counts the socket gone when its close handshake ends; give it a moment on a busy machine.
    let again = await upgrade()
    for (let tries = 0; again.status !== 101 && tries < 20; tries++) {
      await new Promise((r) => setTimeout(r, 50))
      again = await upgrade()
    }
    expect(again.status).toBe(101)
  })
})

describe('visibility checks', () => {
  it('runs one row-level check per (role, user) for a change, however many sessions that user has', async () => {
    const annaAgain = {
      id: anna.id,
      token: await ts.stack.ctx.jwt.sign(
        { sub: anna.id, role: 'authenticated', aud: 'authenticated', session_id: 'second' },
        3600,
      ),
    }
    const subs = []
    for (const p of [anna, annaAgain, ben]) {
      const c = realtimeClient(ts.stack, p.token)
      clients.push(c)
      subs.push(await subscribe(c, [{ event: 'INSERT' }]))
    }
    const before = realtime().work().visibilityChecks
    await say(ts.stack, ben, 1, 'for both of anna’s sessions')
    await Promise.all(subs.map((s) => s.waitFor(1)))
    expect(realtime().work().visibilityChecks - before).toBe(2)
    expect(subs.map((s) => s.events[0]!.new.body)).toEqual(Array(3).fill('for both of anna’s sessions'))
  })
})
