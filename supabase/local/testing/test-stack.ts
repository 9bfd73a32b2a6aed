/**
 * A whole local stack for one test file: in memory, restored from the template, on a free port, spoken to with
 * the real supabase-js over real HTTP and websockets.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { loadConfig, type StackConfig } from '../config.ts'
import { silentLogger } from '../shared/logger.ts'
import { startStack, type RunningStack, type StartOptions } from '../stack.ts'
import { loadTemplate } from './template.ts'

export interface TestUser {
  id: string
  email: string
  password: string
  client: SupabaseClient
  accessToken: string
}

export interface TestStack {
  stack: RunningStack
  url: string
  anonKey: string
  serviceRoleKey: string
  /** A client as a visitor (anon key, no session). */
  anon(): SupabaseClient
  /** A client with the service_role key (bypasses RLS). */
  service(): SupabaseClient
  /** Signs up a new user (unique email unless given) and returns a signed-in client. */
  newUser(opts?: { email?: string; password?: string; firstName?: string; lastName?: string }): Promise<TestUser>
  stop(): Promise<void>
}

let counter = 0

export function supabaseClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket (docs/supabase-wire.md §0).
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

export async function startTestStack(
  overrides: Partial<StackConfig> = {},
  options: Pick<StartOptions, 'realtimeLimits'> = {},
): Promise<TestStack> {
  // Test files sign many users up from one address; the production budget (30 per 5 minutes) would refuse them.
  // Tests of the limit itself pass their own `auth.rateLimitPerWindow`.
  const config = loadConfig({ KREIS_DATA_DIR: ':memory:', KREIS_AUTH_RATE_LIMIT: '10000' }, { port: 0, ...overrides })
  // Likewise, a test file's many subscribers all join from 127.0.0.1; realtime/limits.test.ts tests the defaults.
  const realtimeLimits = { joinsPerSecondPerAddress: 10_000, socketsPerAddress: 10_000, ...options.realtimeLimits }
  const stack = await startStack(config, {
    realtimeLimits,
    template: await loadTemplate(),
    seedFiles: true,
    log: silentLogger,
  })
  const clients: SupabaseClient[] = []
  const track = (c: SupabaseClient) => (clients.push(c), c)
  const ts: TestStack = {
    stack,
    url: stack.url,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    anon: () => track(supabaseClient(stack.url, config.anonKey)),
    service: () => track(supabaseClient(stack.url, config.serviceRoleKey)),
    async newUser(opts = {}) {
      const email = opts.email ?? `user${process.pid}-${++counter}-${Date.now()}@test.kreis.ch`
      const password = opts.password ?? 'secret-password'
      const client = track(supabaseClient(stack.url, config.anonKey))
      const { data, error } = await client.auth.signUp({
        email,
        password,
        options: { data: { first_name: opts.firstName ?? 'Test', last_name: opts.lastName ?? 'User' } },
      })
      if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`)
      return { id: data.user.id, email, password, client, accessToken: data.session.access_token }
    },
    async stop() {
      await Promise.all(clients.map((c) => c.removeAllChannels()))
      await stack.close()
    },
  }
  return ts
}
