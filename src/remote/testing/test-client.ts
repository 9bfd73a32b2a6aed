/**
 * supabase-js clients for node tests, a visitor's or one signed in with a password: no persisted session, a
 * caller-supplied fetch (to inject network faults) and WebSocket implementation (Node 20 has none built in).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'

export interface TestClientOptions {
  url: string
  anonKey: string
  fetch: typeof fetch
  WebSocket: unknown
}

/** A visitor's client (anon key, no session). */
export function anonTestClient(o: TestClientOptions): SupabaseClient {
  return createClient(o.url, o.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: o.fetch },
    realtime: { transport: o.WebSocket as never },
  })
}

export async function signedInTestClient(
  o: TestClientOptions,
  email: string,
  password: string,
): Promise<SupabaseClient> {
  const client = anonTestClient(o)
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw new Error(`sign-in failed: ${error.message}`)
  return client
}
