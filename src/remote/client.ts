/**
 * The app's one supabase-js client (src/remote is the only importer of supabase-js). The session is persisted by
 * supabase-js in localStorage, so a signed-in user stays signed in offline (the cached session and the mirrored
 * profile are enough to show the app); tokens refresh automatically when online.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { env } from '@/config/env'
import type { Transport } from '@/sync/protocol'
import { SupabaseTransport } from './supabase-transport'
import { RetryAfterLog } from './transport/retry-after'

let client: SupabaseClient | null = null
/** Every response passes through it, so the transport can honour a 429/5xx answer's Retry-After. */
const retryAfter = new RetryAfterLog()

export function getSupabaseClient(): SupabaseClient {
  client ??= createClient(env.supabaseUrl, env.supabaseAnonKey, {
    global: { fetch: retryAfter.fetch },
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  })
  return client
}

/** How long the auth service's last 429 asked to wait (ms), once; undefined when it did not say. */
export const takeAuthRetryAfter = (): number | undefined => retryAfter.takeAuth()

/** The sync engine's transport (the engine imports this module dynamically). */
export function createTransport(): Transport {
  return new SupabaseTransport(getSupabaseClient(), retryAfter)
}
