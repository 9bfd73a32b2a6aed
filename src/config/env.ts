/**
 * The app's configuration, read once from Vite's build-time environment (VITE_* variables) and checked with zod.
 * Only public values live here: the API URL and the anon key. A bad value fails loudly at start-up with the
 * variable's name instead of as a confusing network error later.
 */
import * as z from 'zod/mini'
import { DEFAULT_SUPABASE_ANON_KEY, DEFAULT_SUPABASE_URL } from './defaults'

const EnvSchema = z.object({
  VITE_SUPABASE_URL: z.url({ protocol: /^https?$/, error: 'VITE_SUPABASE_URL must be an http(s) URL' }),
  VITE_SUPABASE_ANON_KEY: z.string().check(z.minLength(20, 'VITE_SUPABASE_ANON_KEY is too short to be a key')),
})

export interface AppEnv {
  /** Base URL of the Supabase API (no trailing slash). */
  supabaseUrl: string
  /** The public anon key; never the service_role key. */
  supabaseAnonKey: string
}

export function parseEnv(raw: Record<string, string | boolean | undefined>): AppEnv {
  const str = (v: string | boolean | undefined) => (typeof v === 'string' && v !== '' ? v : undefined)
  const parsed = EnvSchema.safeParse({
    VITE_SUPABASE_URL: str(raw.VITE_SUPABASE_URL) ?? DEFAULT_SUPABASE_URL,
    VITE_SUPABASE_ANON_KEY: str(raw.VITE_SUPABASE_ANON_KEY) ?? DEFAULT_SUPABASE_ANON_KEY,
  })
  if (!parsed.success) throw new Error(`Invalid app environment: ${parsed.error.issues.map((i) => i.message).join('; ')}`)
  return {
    supabaseUrl: parsed.data.VITE_SUPABASE_URL.replace(/\/+$/, ''),
    supabaseAnonKey: parsed.data.VITE_SUPABASE_ANON_KEY,
  }
}

export const env: AppEnv = parseEnv(import.meta.env)
