import { BACKOFF_BASE_MS, BACKOFF_CAP_MS } from './constants'

/**
 * Delay before retry number `attempt` (1-based): exponential from BACKOFF_BASE_MS, capped at BACKOFF_CAP_MS,
 * with "equal jitter" (half fixed, half random) so that many devices do not retry in step.
 */
export function backoffDelayMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1))
  return ceiling / 2 + random() * (ceiling / 2)
}
