/**
 * The functions' way to Supabase: plain web fetch against the project's Auth and REST APIs (supabase-js is not
 * bundled into the runtime-neutral handlers). The caller is identified by asking Auth about their token, as hosted
 * functions usually do; data is read and written with the service_role key, which only the server holds.
 */
import type { Env } from './env.ts'
import { required } from './env.ts'
import { FunctionError } from './http.ts'

export interface Caller {
  id: string
  email: string | null
}

/** The signed-in user behind the request's bearer token; 401 for the anon key or a token Auth rejects. */
export async function getCaller(env: Env, req: Request): Promise<Caller> {
  const authorization = req.headers.get('Authorization')
  if (!authorization) throw new FunctionError(401, 'sign in first')
  const res = await fetch(`${required(env, 'SUPABASE_URL')}/auth/v1/user`, {
    headers: { apikey: required(env, 'SUPABASE_ANON_KEY'), Authorization: authorization },
  })
  if (res.status === 401 || res.status === 403) throw new FunctionError(401, 'sign in first')
  if (!res.ok) throw new Error(`auth/v1/user answered ${res.status}`)
  const user = (await res.json()) as { id?: unknown; email?: unknown }
  if (typeof user.id !== 'string') throw new FunctionError(401, 'sign in first')
  return { id: user.id, email: typeof user.email === 'string' ? user.email : null }
}

/** PostgREST with the service_role key. `query` is a PostgREST query string such as `id=eq.…&select=*`. */
export class ServiceRest {
  private readonly base: string
  private readonly key: string

  constructor(env: Env) {
    this.base = `${required(env, 'SUPABASE_URL')}/rest/v1`
    this.key = required(env, 'SUPABASE_SERVICE_ROLE_KEY')
  }

  private async call<T>(method: string, table: string, query: string, body?: unknown): Promise<T[]> {
    const res = await fetch(`${this.base}/${table}?${query}`, {
      method,
      headers: {
        apikey: this.key,
        Authorization: `Bearer ${this.key}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} rest/v1/${table} answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as T[]
  }

  select<T>(table: string, query: string): Promise<T[]> {
    return this.call<T>('GET', table, query)
  }

  insert<T>(table: string, row: Record<string, unknown>): Promise<T[]> {
    return this.call<T>('POST', table, 'select=*', row)
  }

  /** Returns the rows the filter matched, so callers can tell "changed" from "nothing to change". */
  update<T>(table: string, query: string, patch: Record<string, unknown>): Promise<T[]> {
    return this.call<T>('PATCH', table, query, patch)
  }

  /** Returns the rows the filter deleted. */
  delete<T>(table: string, query: string): Promise<T[]> {
    return this.call<T>('DELETE', table, query)
  }

  /** Calls a database function (POST rest/v1/rpc/name) and returns its result. */
  async rpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
    const res = await fetch(`${this.base}/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: this.key, Authorization: `Bearer ${this.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    })
    if (!res.ok) throw new Error(`POST rest/v1/rpc/${fn} answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as T
  }
}
