/**
 * What every slice of the Supabase transport shares: running a PostgREST query into a Result, and the context a
 * slice's methods close over (the client, and the Retry-After a 429/5xx answer carried).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Result, XidFrom, XidKey } from '@/sync/protocol'
import { fromPostgrest } from '../errors'
import type { RetryAfterLog } from './retry-after'

/** Rows per page when listing ids. */
export const ID_PAGE = 1000

export type Row = Record<string, unknown>
export interface PgResult<T> {
  data: T | null
  error: { code?: string | null; message?: string | null } | null
  status: number
}

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })

/** Runs a query and maps its rows (or single row) with `map`. */
export async function rows<T>(q: PromiseLike<PgResult<Row[]>>, map: (r: Row) => T): Promise<Result<T[]>> {
  const r = await run<Row[]>(q)
  return r.ok ? ok(r.value.map(map)) : r
}

export async function maybeRow<T>(q: PromiseLike<PgResult<Row | null>>, map: (r: Row) => T): Promise<Result<T | null>> {
  const r = await run<Row | null>(q)
  return r.ok ? ok(r.value ? map(r.value) : null) : r
}

export async function run<T>(q: PromiseLike<PgResult<T>>): Promise<Result<T>> {
  try {
    const r = await q
    return r.error ? fromPostgrest(r.error, r.status) : ok(r.data as T)
  } catch (e) {
    return { ok: false, reason: 'network', message: (e as Error).message }
  }
}

/**
 * Adds the pull-by-transaction condition (migration 20261125114800): after `after` in (sync_xid, id) order, else every
 * row of a transaction from `since` on.
 */
export function fromXid<Q extends { gte(c: string, v: number): Q; or(f: string): Q }>(q: Q, from: XidFrom): Q {
  if (from.after) return q.or(`sync_xid.gt.${from.after.xid},and(sync_xid.eq.${from.after.xid},id.gt.${from.after.id})`)
  return from.since === null ? q : q.gte('sync_xid', from.since)
}

/** The (sync_xid, id) place of the last raw row of a page (read before the mappers drop sync_xid). */
export function lastKey(rows: readonly Row[]): XidKey | null {
  const r = rows[rows.length - 1]
  return r ? { xid: Number(r.sync_xid), id: String(r.id) } : null
}

/** What a slice's methods close over. */
export interface SupabaseContext {
  client: SupabaseClient
  /** A write's failure with the server's Retry-After on a 429/5xx. */
  tagged<T>(r: Result<T>): Result<T>
}

export function supabaseContext(client: SupabaseClient, retryAfter?: RetryAfterLog): SupabaseContext {
  return {
    client,
    tagged<T>(r: Result<T>): Result<T> {
      if (r.ok || (r.reason !== 'server' && r.reason !== 'rate_limited')) return r
      const retryAfterMs = retryAfter?.take()
      return retryAfterMs === undefined ? r : { ...r, retryAfterMs }
    },
  }
}
