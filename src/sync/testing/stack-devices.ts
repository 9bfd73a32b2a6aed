/**
 * Devices on the real local stack for the integration tests: each a Dexie database (fake-indexeddb), a real
 * supabase-js client signed in as a user, the Supabase transport and a sync engine. The client's fetch goes
 * through a switchboard so a test can cut the network, lose an answer after the server committed, or send an
 * expired token. The stack harness is imported at run time from supabase/local (node-only code that product
 * code in src never imports).
 */
import { KreisDatabase } from '@/db/database'
import { SupabaseTransport } from '@/remote/supabase-transport'
import { signedInTestClient } from '@/remote/testing/test-client'
import { SyncEngine } from '../engine'

export interface StackHandle {
  url: string
  anonKey: string
  newUser(opts?: { firstName?: string; lastName?: string }): Promise<{ id: string; email: string; password: string }>
  stop(): Promise<void>
}

const HARNESS = '../../../supabase/local/testing/test-stack.ts'

export async function startStack(): Promise<StackHandle> {
  const mod = (await import(/* @vite-ignore */ HARNESS)) as { startTestStack(): Promise<StackHandle> }
  return mod.startTestStack()
}

/** Decides per request: pass, fail before the server ("offline"), or let the server commit and lose the answer. */
export class Switchboard {
  offline = false
  /** Requests whose answer is lost after the server handled them (`times` answers, then it stops). */
  loseAnswer: { match: (url: string, method: string) => boolean; times: number } | null = null
  /** Rewrites the Authorization header of matching requests (an expired token). */
  authOverride: { token: string; times: number; match: (url: string) => boolean } | null = null
  readonly log: string[] = []

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init?.method ?? 'GET').toUpperCase()
    this.log.push(`${method} ${url}`)
    if (this.offline) throw new TypeError('fetch failed')
    let req = init
    if (this.authOverride && this.authOverride.times > 0 && this.authOverride.match(url)) {
      this.authOverride.times--
      const headers = new Headers(init?.headers)
      headers.set('Authorization', `Bearer ${this.authOverride.token}`)
      req = { ...init, headers }
    }
    const res = await fetch(input, req)
    if (this.loseAnswer && this.loseAnswer.times > 0 && this.loseAnswer.match(url, method)) {
      this.loseAnswer.times--
      await res.arrayBuffer()
      throw new TypeError('fetch failed: answer lost')
    }
    return res
  }
}

export interface StackDevice {
  db: KreisDatabase
  client: Awaited<ReturnType<typeof signedInTestClient>>
  net: Switchboard
  transport: SupabaseTransport
  engine: SyncEngine
  userId: string
  close(): Promise<void>
}

let n = 0

export async function stackDevice(
  stack: StackHandle,
  user: { id: string; email: string; password: string },
  opts: { windowSize?: number; db?: KreisDatabase } = {},
): Promise<StackDevice> {
  const net = new Switchboard()
  const { default: WebSocket } = (await import(/* @vite-ignore */ 'ws' as string)) as { default: unknown }
  const client = await signedInTestClient(
    { url: stack.url, anonKey: stack.anonKey, fetch: net.fetch, WebSocket },
    user.email,
    user.password,
  )
  const db = opts.db ?? new KreisDatabase(`stack-device-${++n}-${Math.random()}`)
  const transport = new SupabaseTransport(client)
  const engine = new SyncEngine({ db, transport, locks: null, windowSize: opts.windowSize })
  return {
    db,
    client,
    net,
    transport,
    engine,
    userId: user.id,
    async close() {
      await engine.stop()
      await client.removeAllChannels()
      db.close()
      await db.delete()
    },
  }
}
