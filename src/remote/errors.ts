/**
 * supabase-js error objects → the sync protocol's failure reasons (docs/supabase-wire.md §3.2, §4):
 * status 0 / fetch failure = network; 401 or an expired JWT = unauthorized; 429; 5xx; SQLSTATE 23514 = check
 * violation; 42501 or 403 = forbidden; any other 4xx = rejected.
 */
import type { Failure } from '@/sync/protocol'

export interface PostgrestLikeError {
  code?: string | null
  message?: string | null
  details?: string | null
}

const JWT_CODES = new Set(['PGRST301', 'PGRST302', 'PGRST303'])

export function fromHttp(status: number, code: string | undefined, message: string): Failure {
  const base = { ok: false as const, code, message }
  if (status === 0) return { ...base, reason: 'network' }
  if (status === 401 || (code && JWT_CODES.has(code)) || /jwt expired/i.test(message))
    return { ...base, reason: 'unauthorized' }
  if (status === 429) return { ...base, reason: 'rate_limited' }
  if (status >= 500) return { ...base, reason: 'server' }
  if (code === '23514') return { ...base, reason: 'check_violation' }
  if (code === '42501' || status === 403) return { ...base, reason: 'forbidden' }
  return { ...base, reason: 'rejected' }
}

/** A PostgREST result's error (`status` 0 means the request never got an answer). */
export function fromPostgrest(error: PostgrestLikeError, status: number): Failure {
  return fromHttp(status, error.code ?? undefined, error.message ?? 'Request failed')
}

/** A storage-js error: StorageApiError carries the HTTP status and a `statusCode`; anything else is the network. */
export function fromStorage(error: { name?: string; message?: string; status?: number; statusCode?: string }): Failure {
  if (error.name !== 'StorageApiError')
    return { ok: false, reason: 'network', message: error.message ?? 'fetch failed' }
  // Legacy storage answers 400 with the real code in statusCode (e.g. "403", "409").
  const real = Number(error.statusCode) || error.status || 400
  return fromHttp(real, error.statusCode, error.message ?? 'Storage request failed')
}

/** An auth-js error from refreshSession: retryable fetch errors are the network; the rest end the session. */
export function fromAuth(error: { name?: string; message?: string; status?: number }): Failure {
  if (error.name === 'AuthRetryableFetchError' || error.status === 0)
    return { ok: false, reason: 'network', message: error.message ?? 'fetch failed' }
  return { ok: false, reason: 'unauthorized', message: error.message ?? 'Session expired' }
}
