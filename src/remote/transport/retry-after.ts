/** The `Retry-After` of a 429/5xx answer, which supabase-js does not hand to its callers. */

/** Seconds or an HTTP date (RFC 9110 §10.2.3) → ms from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

/**
 * supabase-js does not hand response headers to its callers: this fetch (the client's `global.fetch`) keeps the
 * `Retry-After` of the last 429/5xx answer for the transport, which attaches it to the failure it maps.
 */
export class RetryAfterLog {
  private last: number | undefined
  /** The auth service's answers are kept apart: a refused sign-in says how long to wait, and is no write's. */
  private lastAuth: number | undefined
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const res = await globalThis.fetch(input, init)
    if (res.status === 429 || res.status >= 500) {
      const wait = parseRetryAfter(res.headers.get('retry-after'), Date.now())
      if (urlOf(input).includes('/auth/v1/')) this.lastAuth = wait
      else this.last = wait
    }
    return res
  }
  /** The last Retry-After of an auth answer, once. */
  takeAuth(): number | undefined {
    const v = this.lastAuth
    this.lastAuth = undefined
    return v
  }
  /** The last Retry-After seen, once. */
  take(): number | undefined {
    const v = this.last
    this.last = undefined
    return v
  }
}
