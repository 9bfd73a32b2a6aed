import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** What the retry needs from the browser; tests pass their own. */
export interface ChunkRetryEnv {
  isOnline(): boolean
  /** Resolves at the next `online` event. */
  nextOnline(): Promise<void>
  sleep(ms: number): Promise<void>
}

/** Waits before each further attempt while the browser says it is online (docs/decisions.md#D-chunk-retry). */
export const ONLINE_RETRY_DELAYS_MS: readonly number[] = [1_000, 3_000]

const browserEnv: ChunkRetryEnv = {
  isOnline: () => navigator.onLine,
  nextOnline: () => new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/**
 * Loads a chunk, asking again where a person would expect it to work (docs/decisions.md#D-chunk-retry): a load that
 * fails while the browser is offline is asked for again each time it comes back online, with no limit (the screen
 * shows its fallback meanwhile); one that fails while online is asked for again after each of
 * ONLINE_RETRY_DELAYS_MS, and then its error goes to the screen's error boundary.
 */
export async function importRetrying<T>(load: () => Promise<T>, env: ChunkRetryEnv = browserEnv): Promise<T> {
  let onlineFailures = 0
  for (;;) {
    try {
      return await load()
    } catch (error) {
      if (!env.isOnline()) {
        await env.nextOnline()
        continue
      }
      const wait = ONLINE_RETRY_DELAYS_MS[onlineFailures++]
      if (wait === undefined) throw error
      await env.sleep(wait)
    }
  }
}

/** `React.lazy` over importRetrying. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyRetrying<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => importRetrying(load))
}
