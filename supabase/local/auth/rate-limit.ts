/**
 * GoTrue's request limits (docs/decisions.md#D-auth-limits), per client address and per account:
 *
 * * The client address is the socket's peer. X-Forwarded-For is read only when the peer is a trusted proxy
 *   (KREIS_TRUSTED_PROXIES, as GoTrue trusts only its own gateway): then the client is the right-most hop that is
 *   not itself a trusted proxy, since every hop left of it was written by the client and proves nothing.
 * * Per address and fixed window (GoTrue's GOTRUE_RATE_LIMIT_*): sign-in and sign-up share one budget, token
 *   refresh and verify have their own; recover/resend count per address too.
 * * Per e-mail address: recover and resend send at most one mail a minute (GoTrue's SMTP max frequency), answered
 *   with over_email_send_rate_limit.
 * * Per account and address: after a few wrong passwords (5 by default) in a row for one account from one client
 *   address, each further attempt from that address must wait twice as long as the last (1 s, 2 s, 4 s … up to
 *   15 min); the right password from that address during the wait is refused as well. Counted for unknown e-mail
 *   addresses alike (no enumeration). The streak is the address's own: a stranger's wrong passwords, from however
 *   many addresses over however long, never make the account's owner wait (they had kept a person's sign-in
 *   refused indefinitely). Guessing from many addresses is bounded by the per-address budget above, as GoTrue
 *   bounds it.
 *
 * Every refusal is a 429 with Retry-After in GoTrue's error shape.
 */
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { authError, HttpError } from '../shared/http-error.ts'

/** Past this many tracked keys, expired entries are swept so a map cannot grow without bound. */
const SWEEP_THRESHOLD = 10_000
const MS_PER_SECOND = 1000

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
    return w.count > this.limit ? Math.max(1, Math.ceil((w.resetAt - now) / MS_PER_SECOND)) : null
  }
}

const FIRST_DELAY_MS = 1000
const MAX_DELAY_MS = 15 * 60 * 1000
/** A failure streak is forgotten after this long without a new failure. */
const FAILURE_MEMORY_MS = 60 * 60 * 1000

/** Growing delay per account after repeated wrong passwords. */
export class FailedSignIns {
  private readonly accounts = new Map<string, { failures: number; waitUntil: number; lastAt: number }>()

  /** @param freeFailures wrong passwords allowed in a row before the delay starts. */
  constructor(private readonly freeFailures: number) {}

  /** Seconds to wait before this account may try again, or null. */
  check(account: string, now = Date.now()): number | null {
    const a = this.accounts.get(account)
    if (!a || a.waitUntil <= now) return null
    return Math.max(1, Math.ceil((a.waitUntil - now) / MS_PER_SECOND))
  }

  failed(account: string, now = Date.now()): void {
    if (this.accounts.size > SWEEP_THRESHOLD) {
      for (const [k, a] of this.accounts) if (a.lastAt + FAILURE_MEMORY_MS <= now) this.accounts.delete(k)
    }
    let a = this.accounts.get(account)
    if (!a || a.lastAt + FAILURE_MEMORY_MS <= now) a = { failures: 0, waitUntil: 0, lastAt: now }
    a.failures++
    a.lastAt = now
    if (a.failures >= this.freeFailures) {
      const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(30, a.failures - this.freeFailures))
      a.waitUntil = now + delay
    }
    this.accounts.set(account, a)
  }

  succeeded(account: string): void {
    this.accounts.delete(account)
  }
}

/** The limits the handlers apply themselves: per e-mail address and per account. */
export interface AuthLimits {
  emailsPerAddress: RateLimiter
  failedSignIns: FailedSignIns
}

export const tooManyRequests = (wait: number, code = 'over_request_rate_limit', msg = 'Request rate limit reached') => {
  const e = authError(429, code, msg)
  return new HttpError(429, e.body, { ...e.headers, 'retry-after': String(wait) })
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are the same peer. */
const normalise = (ip: string) =>
  ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')

export function parseTrustedProxies(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map(normalise).filter(Boolean)
}

function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null
  } catch {
    // Not served by @hono/node-server (app.request() in a unit test).
    return null
  }
}

/** The client's address: the socket peer, or behind a trusted proxy the right-most untrusted forwarded hop. */
export function clientIp(c: Context, trustedProxies: readonly string[]): string {
  const peer = socketAddress(c)
  const trusted = new Set(trustedProxies)
  if (peer === null || !trusted.has(normalise(peer))) return peer ?? 'unknown'
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(normalise).filter(Boolean)
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i]!)) return hops[i]!
  return hops[0] ?? normalise(peer)
}
