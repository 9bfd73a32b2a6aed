import type { SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
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
import { IDLE_TIMEOUT_MS } from './limits.ts'

let ts: TestStack
const clients: SupabaseClient[] = []
let anna: Person
let ben: Person
let carla: Person

const client = (token?: string) => {
  const c = realtimeClient(ts.stack, token)
  clients.push(c)
  return c
}

/** A raw websocket that records every frame and can wait for one matching a predicate. */
async function rawSocket(query = `apikey=${ts.anonKey}&vsn=2.0.0`) {
  const ws = new WebSocket(`${ts.url.replace('http', 'ws')}/realtime/v1/websocket?${query}`)
  const frames: unknown[][] = []
  const waiters: { test: (f: unknown[]) => boolean; resolve: (f: unknown[]) => void }[] = []
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as unknown[]
    frames.push(frame)
    for (const w of [...waiters]) {
      if (!w.test(frame)) continue
      waiters.splice(waiters.indexOf(w), 1)
      w.resolve(frame)
    }
  })
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)))
  return {
    ws,
    frames,
    send: (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: (test: (f: unknown[]) => boolean) =>
      new Promise<unknown[]>((resolve, reject) => {
        const found = frames.find(test)
        if (found) return resolve(found)
        waiters.push({ test, resolve })
        setTimeout(() => reject(new Error(`no matching frame; got ${JSON.stringify(frames)}`)), 5000).unref()
      }),
  }
}

const replyTo = (ref: string) => (f: unknown[]) => f[1] === ref && f[3] === 'phx_reply'

beforeAll(async () => {
  // The channel-count test joins 101 channels at once on one socket; the join and frame rates have their own tests
  // (limits.test.ts), and 101 frames in one burst would otherwise meet the 100 frames/s budget first, by timing.
  ts = await startTestStack({}, { realtimeLimits: { joinsPerSecondPerSocket: 1000, eventsPerSecondPerSocket: 1000 } })
  await installFixture(ts.stack)
  anna = await person(ts.stack)
  ben = await person(ts.stack)
  carla = await person(ts.stack)
  await room(ts.stack, 1, anna, ben)
})

afterAll(async () => {
  await closeClients(clients)
  await ts?.stop()
})

describe('the realtime websocket protocol', () => {
  it('answers heartbeats', async () => {
    const s = await rawSocket()
    s.send([null, '1', 'phoenix', 'heartbeat', {}])
    expect(await s.next(replyTo('1'))).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])
    s.ws.close()
  })

  it('replies to a join with the bindings in order, each with an id, then confirms the subscription', async () => {
    const s = await rawSocket()
    const bindings = [
      { event: 'INSERT', schema: 'public', table: 'rt_messages', filter: 'room_id=eq.1' },
      { event: '*', schema: 'public', table: 'rt_messages' },
    ]
    s.send([
      '3',
      '3',
      'realtime:room-1',
      'phx_join',
      { config: { postgres_changes: bindings }, access_token: ben.token },
    ])
    const reply = await s.next(replyTo('3'))
    expect(reply.slice(0, 4)).toEqual(['3', '3', 'realtime:room-1', 'phx_reply'])
    const response = (reply[4] as { status: string; response: { postgres_changes: { id: unknown }[] } }).response
    expect(reply[4]).toMatchObject({ status: 'ok' })
    expect(response.postgres_changes).toEqual([
      { ...bindings[0], id: expect.any(Number) },
      { ...bindings[1], id: expect.any(Number) },
    ])
    expect(response.postgres_changes[0]!.id).not.toBe(response.postgres_changes[1]!.id)
    expect(await s.next((f) => f[3] === 'system')).toEqual([
      '3',
      null,
      'realtime:room-1',
      'system',
      { channel: 'room-1', extension: 'postgres_changes', message: 'Subscribed to PostgreSQL', status: 'ok' },
    ])

    await say(ts.stack, anna, 1, 'both bindings')
    const change = await s.next((f) => f[3] === 'postgres_changes')
    expect(change.slice(0, 4)).toEqual([null, null, 'realtime:room-1', 'postgres_changes'])
    expect((change[4] as { ids: unknown[] }).ids).toEqual(response.postgres_changes.map((b) => b.id))
    expect((change[4] as { data: { columns: unknown[] } }).data.columns).toContainEqual({ name: 'id', type: 'int8' })
    expect((change[4] as { data: { columns: unknown[] } }).data.columns).toContainEqual({ name: 'tags', type: '_text' })

    const before = ts.stack.ctx.realtime!.channelCount()
    s.send(['3', '9', 'realtime:room-1', 'phx_leave', {}])
    expect(await s.next(replyTo('9'))).toEqual([
      '3',
      '9',
      'realtime:room-1',
      'phx_reply',
      { status: 'ok', response: {} },
    ])
    expect(ts.stack.ctx.realtime!.channelCount()).toBe(before - 1)
    s.ws.close()
  })

  it('keeps the socket open after malformed frames and answers each with an error', async () => {
    const s = await rawSocket()
    s.send('this is not json')
    expect(await s.next((f) => f[3] === 'phx_error')).toEqual([
      null,
      null,
      'phoenix',
      'phx_error',
      { reason: 'malformed frame: not JSON' },
    ])
    s.send(['1', '2', 'realtime:x'])
    s.send([null, '4', 'realtime:x', 'phx_join', 'not an object'])
    expect((await s.next(replyTo('4')))[4]).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/malformed/) },
    })
    s.send(['5', '5', 'realtime:nobody-joined', 'access_token', { access_token: 'x' }])
    expect((await s.next(replyTo('5')))[4]).toEqual({ status: 'error', response: { reason: 'unmatched topic' } })
    s.send(['6', '6', 'realtime:mine', 'phx_join', { config: {}, access_token: ben.token }])
    await s.next(replyTo('6'))
    s.send(['6', '7', 'realtime:mine', 'broadcast', { type: 'broadcast', event: 'hi', payload: {} }])
    expect((await s.next(replyTo('7')))[4]).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/unsupported event "broadcast"/) },
    })
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true })
    s.send([null, '8', 'phoenix', 'heartbeat', {}])
    expect((await s.next(replyTo('8')))[4]).toEqual({ status: 'ok', response: {} })
    expect(s.ws.readyState).toBe(WebSocket.OPEN)
    s.ws.close()
  })

  // The sweep looks at every socket of the stack: this test runs before any supabase-js client of this file exists.
  it('cuts off a socket that has been silent for a minute, and only then', async () => {
    const realtime = ts.stack.ctx.realtime!
    const s = await rawSocket()
    s.send([null, '1', 'phoenix', 'heartbeat', {}])
    await s.next(replyTo('1'))
    const closed = new Promise((resolve) => s.ws.once('close', resolve))
    expect(realtime.sweepIdle(Date.now() + IDLE_TIMEOUT_MS - 1_000)).toBe(0)
    expect(s.ws.readyState).toBe(WebSocket.OPEN)
    expect(realtime.sweepIdle(Date.now() + IDLE_TIMEOUT_MS + 1_000)).toBeGreaterThanOrEqual(1)
    await closed
  })

  it('refuses more than 100 channels on one socket, as hosted Realtime does', async () => {
    const s = await rawSocket()
    for (let i = 1; i <= 101; i++)
      s.send([String(i), String(i), `realtime:c${i}`, 'phx_join', { config: {}, access_token: ben.token }])
    expect((await s.next(replyTo('100')))[4]).toEqual({ status: 'ok', response: {} })
    expect((await s.next(replyTo('101')))[4]).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    })
    s.ws.close()
  })

  it('refuses the upgrade without a valid apikey and ignores other paths', async () => {
    await expect(rawSocket('vsn=2.0.0')).rejects.toThrow(/401/)
    await expect(rawSocket(`apikey=not-a-key&vsn=2.0.0`)).rejects.toThrow(/403/)
    const other = new WebSocket(`${ts.url.replace('http', 'ws')}/realtime/v1/other?apikey=${ts.anonKey}`)
    await expect(
      new Promise((resolve, reject) => (other.once('open', resolve), other.once('error', reject))),
    ).rejects.toThrow()
  })

  it('speaks the vsn 1.0.0 object frames too', async () => {
    const s = await rawSocket(`apikey=${ts.anonKey}&vsn=1.0.0`)
    const frames: unknown[] = []
    s.ws.on('message', (d) => frames.push(JSON.parse(String(d))))
    s.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1', join_ref: null })
    await new Promise((r) => s.ws.once('message', r))
    expect(frames[0]).toEqual({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
      ref: '1',
      join_ref: null,
    })
    s.ws.close()
  })

  it('reports a join with a bad token as CHANNEL_ERROR with the reason', async () => {
    const forged = `${ben.token.slice(0, -4)}AAAA`
    await expect(subscribe(client(forged), [{ event: '*' }])).rejects.toThrow(/CHANNEL_ERROR: JwtSignatureError/)
    const expired = await ts.stack.ctx.jwt.sign({ sub: ben.id, role: 'authenticated' }, -10)
    await expect(subscribe(client(expired), [{ event: '*' }])).rejects.toThrow(
      /CHANNEL_ERROR: InvalidJWTToken: Token has expired/,
    )
  })

  it('reports bindings to an unknown table or with a bad filter as CHANNEL_ERROR', async () => {
    await expect(subscribe(client(ben.token), [{ event: '*', table: 'no_such_table' }])).rejects.toThrow(
      /no table public.no_such_table/,
    )
    await expect(subscribe(client(ben.token), [{ event: '*', filter: 'nope=eq.1' }])).rejects.toThrow(/invalid column/)
    await expect(subscribe(client(ben.token), [{ event: '*', filter: 'score=like.1' }])).rejects.toThrow(
      /not supported/,
    )
    await expect(subscribe(client(ben.token), [{ event: '*', filter: 'score=eq.abc' }])).rejects.toThrow(
      /not a valid int4/,
    )
  })

  it('authorises a join without access_token as the apikey (anon), which RLS shows nothing here', async () => {
    const s = await rawSocket()
    s.send([
      '1',
      '1',
      'realtime:anon',
      'phx_join',
      { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_messages' }] } },
    ])
    expect((await s.next(replyTo('1')))[4]).toMatchObject({ status: 'ok' })
    const benSub = await subscribe(client(ben.token), [{ event: 'INSERT' }])
    await say(ts.stack, anna, 1, 'not for anon')
    await benSub.waitFor(1)
    s.send([null, '2', 'phoenix', 'heartbeat', {}])
    await s.next(replyTo('2'))
    expect(s.frames.filter((f) => f[3] === 'postgres_changes')).toEqual([])
    s.ws.close()
  })

  it('switches whose rows a channel receives when a new access_token arrives', async () => {
    const c = client(carla.token)
    const sub = await subscribe(c, [{ event: 'INSERT' }])
    await say(ts.stack, anna, 1, 'before: carla may not see this')
    await c.realtime.setAuth(ben.token)
    // Frames are handled in order: once this later join is answered, the access_token frame has been applied.
    await subscribe(c, [{ event: 'DELETE' }])
    await say(ts.stack, anna, 1, 'after: carla’s socket now speaks for ben')
    const [event] = await sub.waitFor(1)
    expect(event!.new.body).toBe('after: carla’s socket now speaks for ben')
    expect(sub.events).toHaveLength(1)
  })

  it('closes a channel whose new access_token is invalid, with a system message, as hosted does', async () => {
    const c = client(ben.token)
    const statuses: string[] = []
    const system: unknown[] = []
    const closed = new Promise<void>((resolve) =>
      c
        .channel('to-close')
        .on('system' as never, {} as never, (p: unknown) => system.push(p))
        .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'rt_messages' } as never, () => {})
        .subscribe((status) => {
          statuses.push(status)
          if (status === 'CLOSED') resolve()
        }),
    )
    await new Promise<void>((resolve) => {
      const t = setInterval(() => statuses.includes('SUBSCRIBED') && (clearInterval(t), resolve()), 10)
    })
    const before = ts.stack.ctx.realtime?.channelCount()
    await c.realtime.setAuth('not.a.jwt')
    await closed
    expect(statuses).toEqual(['SUBSCRIBED', 'CLOSED'])
    expect(system).toContainEqual(
      expect.objectContaining({ extension: 'system', status: 'error', message: expect.stringMatching(/JWT/) }),
    )
    expect(ts.stack.ctx.realtime?.channelCount()).toBe((before ?? 1) - 1)
  })

  it('closes a channel when its token expires while subscribed', async () => {
    const shortLived = await person(ts.stack, 2)
    const statuses: string[] = []
    const system: { message?: string }[] = []
    client(shortLived.token)
      .channel('expiring')
      .on('system' as never, {} as never, (p: { message?: string }) => system.push(p))
      .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'rt_messages' } as never, () => {})
      .subscribe((status) => statuses.push(status))
    await expect.poll(() => statuses, { timeout: 10_000 }).toEqual(['SUBSCRIBED', 'CLOSED'])
    expect(system.map((p) => p.message)).toContain('InvalidJWTToken: Token has expired')
  })

  it('answers phx_leave and forgets the channel, and forgets all channels of a closed socket', async () => {
    const realtime = ts.stack.ctx.realtime!
    const start = realtime.channelCount()
    const c = client(ben.token)
    const a = await subscribe(c, [{ event: 'INSERT' }])
    await subscribe(c, [{ event: 'UPDATE' }])
    expect(realtime.channelCount()).toBe(start + 2)
    expect(await c.removeChannel(a.channel)).toBe('ok')
    await expect.poll(() => realtime.channelCount()).toBe(start + 1)
    await c.realtime.disconnect()
    await expect.poll(() => realtime.channelCount()).toBe(start)
  })
})
