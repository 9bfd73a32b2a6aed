/**
 * A per-client budget of requests per fixed window (GoTrue's "sign-ups and sign-ins per IP"). The client is the
 * first X-Forwarded-For hop when a proxy (the dev server) put one there, else the socket's address.
 */
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/** Past this many tracked clients, expired windows are swept so the map cannot grow without bound. */
const SWEEP_THRESHOLD = 10_000

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one request; returns the seconds to wait when the budget is spent, else null. */
  hit(key: string, now = Date.now()): number | null {
    if (this.windows.size > SWEEP_THRESHOLD) {
      for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k)
    }
    let w = this.windows.get(key)
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs }
      this.windows.set(key, w)
    }
    w.count++
    return w.count > this.limit ? Math.max(1, Math.ceil((w.resetAt - now) / 1000)) : null
  }
}

export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
  if (forwarded) return forwarded
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // Not served by @hono/node-server (app.request() in a unit test).
    return 'unknown'
  }
}
