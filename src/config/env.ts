/**
 * The app's configuration, read once from Vite's build-time environment (VITE_* variables) and checked.
 * Only public values live here: the API URL and the anon key. A bad value fails loudly at start-up with the
 * variable's name instead of as a confusing network error later.
 */
import { DEFAULT_SUPABASE_ANON_KEY, DEFAULT_SUPABASE_URL } from './defaults'

// Plain checks, not zod: this module is on a cold /shop's and /item's path to their first photo (zod's core is
// ~7 kB gzip of download and start-up there; the forms load it later).
const isHttpUrl = (s: string): boolean => {
  try {
    return /^https?:$/.test(new URL(s).protocol)
  } catch {
    return false
  }
}
const MIN_KEY_LENGTH = 20

export interface AppEnv {
  /** Base URL of the Supabase API (no trailing slash). */
  supabaseUrl: string
  /** The public anon key; never the service_role key. */
  supabaseAnonKey: string
}

export function parseEnv(raw: Record<string, string | boolean | undefined>): AppEnv {
  const str = (v: string | boolean | undefined) => (typeof v === 'string' && v !== '' ? v : undefined)
  const url = str(raw.VITE_SUPABASE_URL) ?? DEFAULT_SUPABASE_URL
  const key = str(raw.VITE_SUPABASE_ANON_KEY) ?? DEFAULT_SUPABASE_ANON_KEY
  const issues = [
    ...(isHttpUrl(url) ? [] : ['VITE_SUPABASE_URL must be an http(s) URL']),
    ...(key.length >= MIN_KEY_LENGTH ? [] : ['VITE_SUPABASE_ANON_KEY is too short to be a key']),
  ]
  if (issues.length) throw new Error(`Invalid app environment: ${issues.join('; ')}`)
  return { supabaseUrl: url.replace(/\/+$/, ''), supabaseAnonKey: key }
}

export const env: AppEnv = parseEnv(import.meta.env)
