/** Shared by the auth conformance tests: raw HTTP calls where supabase-js would hide the wire. */
import type { TestStack } from './test-stack.ts'

export interface RawResponse {
  status: number
  headers: Headers
  body: Record<string, unknown>
}

/** A request the way supabase-js sends it (apikey + anon bearer unless `bearer` says otherwise). */
export async function authCall(
  ts: TestStack,
  method: string,
  path: string,
  opts: { body?: unknown; bearer?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const res = await fetch(`${ts.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: ts.anonKey,
      authorization: `Bearer ${opts.bearer ?? ts.anonKey}`,
      'content-type': 'application/json;charset=UTF-8',
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: 'manual',
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

let counter = 0
export const uniqueEmail = (tag: string) => `${tag}-${process.pid}-${++counter}-${Date.now()}@test.kreis.ch`
