import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, RETRY_WAIT_MAX_MS } from './constants'

/**
 * Delay before retry number `attempt` (1-based): exponential from BACKOFF_BASE_MS, capped at BACKOFF_CAP_MS,
 * with "equal jitter" (half fixed, half random) so that many devices do not retry in step.
 */
export function backoffDelayMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1))
  return ceiling / 2 + random() * (ceiling / 2)
}

/**
 * How long a write waits after a 5xx or 429: the backoff, or the server's Retry-After when longer, but never more
 * than RETRY_WAIT_MAX_MS (a server asking for longer is simply asked again then, and answers the same).
 */
export function retryWaitMs(attempt: number, retryAfterMs: number | undefined, random: () => number): number {
  return Math.min(RETRY_WAIT_MAX_MS, Math.max(retryAfterMs ?? 0, backoffDelayMs(attempt, random)))
}

/**
 * When a write that waits until `notBefore` (device time) may be sent, read at device time `now`. No wait is ever
 * set longer than RETRY_WAIT_MAX_MS, so one that ends further ahead than that was set before the device's clock
 * went back (a phone whose clock is corrected): it is over now, instead of lasting as long as the jump.
 */
export function retryDueAt(notBefore: number, now: number): number {
  return notBefore - now > RETRY_WAIT_MAX_MS ? now : notBefore
}
