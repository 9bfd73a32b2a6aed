/**
 * The local stack's settings. Defaults are those of the Supabase CLI's local stack (API on 54321, the demo JWT
 * secret and the anon/service_role keys signed with it), so tools and docs apply unchanged. Every value can be
 * overridden by an environment variable; a bad value fails at start-up with the variable's name.
 */
import path from 'node:path'
import { parseTrustedProxies } from './auth/rate-limit.ts'

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
/** The Supabase CLI's demo keys, signed with DEFAULT_JWT_SECRET (valid until 2032). */
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

export interface AuthConfig {
  /** GoTrue's GOTRUE_DISABLE_SIGNUP. */
  disableSignup: boolean
  /** When true, sign-up sends (prints) a confirmation link and sign-in waits for it. */
  emailConfirm: boolean
  /** Access token lifetime; supabase-js refreshes 90 s before expiry, so keep this well above that. */
  jwtExpirySeconds: number
  /** Per-IP budget of sign-in and sign-up requests per window (GoTrue: 30 per 5 minutes). */
  rateLimitPerWindow: number
  rateLimitWindowMs: number
  /** Per-IP budgets per window of token refreshes (GoTrue: 150), verifies (30) and recover/resend requests. */
  refreshRateLimitPerWindow: number
  verifyRateLimitPerWindow: number
  emailRequestRateLimitPerWindow: number
  /** Mails (recover, resend) per e-mail address per minute (GoTrue's SMTP max frequency: one a minute). */
  emailsPerAddressPerMinute: number
  /** Wrong passwords in a row an account may take before each further attempt waits (1 s, 2 s, 4 s …). */
  freeFailedSignIns: number
  minPasswordLength: number
}

export interface StackConfig {
  host: string
  port: number
  /** Public URL of the API, used in links the stack prints and in redirects. */
  apiUrl: string
  /**
   * Peers whose X-Forwarded-For is believed (KREIS_TRUSTED_PROXIES, comma-separated addresses); every other
   * client's address is its socket's.
   */
  trustedProxies: string[]
  /** Where the app runs; the default redirect target and the CORS origin list. */
  siteUrl: string
  /** Extra origins allowed by CORS besides siteUrl. */
  allowedOrigins: string[]
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
  /** null: keep everything in memory (tests). */
  dataDir: string | null
  auth: AuthConfig
  /** Passed to edge functions as their environment (Deno.env on hosted Supabase). */
  functionsEnv: Record<string, string>
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`)
  return n
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (raw === 'true' || raw === '1') return true
  if (raw === 'false' || raw === '0') return false
  throw new Error(`${name} must be true or false, got "${raw}"`)
}

/** GoTrue's default sign-in and sign-up budget per address and 5 minutes. */
const GOTRUE_SIGN_IN_BUDGET = 30

const FUNCTION_ENV_PREFIXES = ['PAYREXX_', 'KREIS_FN_']

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<StackConfig> = {}): StackConfig {
  const host = env.KREIS_HOST || '127.0.0.1'
  const port = int(env, 'KREIS_API_PORT', 54321)
  const siteUrl = env.KREIS_SITE_URL || 'http://localhost:4173'
  const jwtSecret = env.SUPABASE_JWT_SECRET || DEFAULT_JWT_SECRET
  if (jwtSecret.length < 32) throw new Error('SUPABASE_JWT_SECRET must be at least 32 characters')
  const dataDir = env.KREIS_DATA_DIR === ':memory:' ? null : path.resolve(env.KREIS_DATA_DIR || '.kreis')
  const functionsEnv = Object.fromEntries(
    Object.entries(env).filter(
      (e): e is [string, string] => e[1] !== undefined && FUNCTION_ENV_PREFIXES.some((p) => e[0].startsWith(p)),
    ),
  )
  // A raised sign-in budget (tests, the e2e stack: many sign-ins from one address) raises the others alike.
  const signInBudget = int(env, 'KREIS_AUTH_RATE_LIMIT', GOTRUE_SIGN_IN_BUDGET)
  const scale = Math.max(1, signInBudget / GOTRUE_SIGN_IN_BUDGET)
  const config: StackConfig = {
    host,
    port,
    apiUrl: env.KREIS_API_URL || `http://${host}:${port}`,
    siteUrl,
    trustedProxies: parseTrustedProxies(env.KREIS_TRUSTED_PROXIES),
    allowedOrigins: (env.KREIS_ALLOWED_ORIGINS || 'http://127.0.0.1:4173,http://localhost:5173,http://127.0.0.1:5173')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    jwtSecret,
    anonKey: env.SUPABASE_ANON_KEY || DEFAULT_ANON_KEY,
    serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY || DEFAULT_SERVICE_ROLE_KEY,
    dataDir,
    auth: {
      disableSignup: bool(env, 'KREIS_AUTH_DISABLE_SIGNUP', false),
      emailConfirm: bool(env, 'KREIS_AUTH_EMAIL_CONFIRM', false),
      jwtExpirySeconds: int(env, 'KREIS_AUTH_JWT_EXPIRY', 3600),
      rateLimitPerWindow: signInBudget,
      rateLimitWindowMs: int(env, 'KREIS_AUTH_RATE_WINDOW_MS', 5 * 60 * 1000),
      refreshRateLimitPerWindow: int(env, 'KREIS_AUTH_REFRESH_RATE_LIMIT', Math.ceil(150 * scale)),
      verifyRateLimitPerWindow: int(env, 'KREIS_AUTH_VERIFY_RATE_LIMIT', Math.ceil(30 * scale)),
      emailRequestRateLimitPerWindow: int(env, 'KREIS_AUTH_EMAIL_REQUEST_RATE_LIMIT', Math.ceil(30 * scale)),
      emailsPerAddressPerMinute: int(env, 'KREIS_AUTH_EMAILS_PER_MINUTE', Math.ceil(scale)),
      freeFailedSignIns: int(env, 'KREIS_AUTH_FREE_FAILED_SIGN_INS', Math.ceil(5 * scale)),
      minPasswordLength: 6,
    },
    functionsEnv,
  }
  const merged = { ...config, ...overrides, auth: { ...config.auth, ...overrides.auth } }
  checkSafeBinding(merged, env)
  return merged
}

/** The operator's explicit override of the check below. */
export const ALLOW_DEMO_KEYS_ENV = 'KREIS_ALLOW_PUBLIC_DEMO_KEYS'

/** 127.0.0.0/8, ::1 and localhost: only this machine can reach them. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h)
}

/**
 * Safe defaults (docs/decisions.md#D-safe-defaults): the demo JWT secret and keys are published in the Supabase CLI's docs, so anyone
 * who reaches a stack using them can mint a service_role token. Listening beyond this machine with any of them is
 * refused at start, unless the operator says so explicitly.
 */
export function checkSafeBinding(config: StackConfig, env: NodeJS.ProcessEnv): void {
  if (isLoopback(config.host) || env[ALLOW_DEMO_KEYS_ENV] === 'true') return
  const demo = [
    config.jwtSecret === DEFAULT_JWT_SECRET ? 'SUPABASE_JWT_SECRET' : null,
    config.anonKey === DEFAULT_ANON_KEY ? 'SUPABASE_ANON_KEY' : null,
    config.serviceRoleKey === DEFAULT_SERVICE_ROLE_KEY ? 'SUPABASE_SERVICE_ROLE_KEY' : null,
  ].filter((x): x is string => x !== null)
  if (demo.length === 0) return
  throw new Error(
    `Refusing to listen on ${config.host}: ${demo.join(', ')} ${demo.length === 1 ? 'is' : 'are'} still the public ` +
      `demo value${demo.length === 1 ? '' : 's'}, so anyone who reaches this address could sign a service_role token. ` +
      `Set your own SUPABASE_JWT_SECRET (at least 32 characters) and the SUPABASE_ANON_KEY / SUPABASE_SERVICE_ROLE_KEY ` +
      `signed with it, or listen on 127.0.0.1 (KREIS_HOST). To run with the demo keys anyway, set ${ALLOW_DEMO_KEYS_ENV}=true.`,
  )
}
