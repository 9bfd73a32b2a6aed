/** Timings and sizes of the sync engine, with units. */

/** First retry delay after a transient failure (docs/product.md §7.1 uses the same start for auth retries). */
export const BACKOFF_BASE_MS = 200
/** Retry delays stop growing here, so a device back online resyncs within half a minute. */
export const BACKOFF_CAP_MS = 30_000
/**
 * The longest a queued write waits for its retry, whatever the server's Retry-After: a wait that ends further
 * ahead of the device's clock than this means the clock went back, and is over (backoff.ts `retryDueAt`).
 */
export const RETRY_WAIT_MAX_MS = 5 * 60_000

/** Outbox entries (rows) per upsert/insert call when draining the outbox. */
export const PUSH_BATCH_SIZE = 100
/** Rows per keyset pull request. */
export const PULL_PAGE_SIZE = 500
/**
 * A device that stored an (updated_at, id) cursor (before the pull by transaction, pull.ts) moves over with one last
 * pull by time that starts this far before it: a server transaction that began before that device's last pull but
 * committed after it has an older updated_at than rows already seen. Re-reading a few seconds is idempotent. (A
 * commit later than this was missed for good by the pull by time; the pull by transaction has no such window.)
 */
export const PULL_LOOKBACK_MS = 2_000

/**
 * The leader's first cycle waits at most this long for realtime to connect (engine.ts lead()): connected first, the
 * first pull needs no catch-up. A slower connection gets its catch-up pull as a reconnect does.
 */
export const REALTIME_FIRST_STATUS_WAIT_MS = 2_000
/** Sync while online even without any event (realtime may be down silently). */
export const SYNC_INTERVAL_MS = 60_000
/** Name of the Web Lock that makes one tab the syncing leader. */
export const LEADER_LOCK_NAME = 'kreis-sync-leader'
/** Background Sync tag registered with the service worker. */
export const BACKGROUND_SYNC_TAG = 'kreis-outbox'
/** The message the service worker posts to every window when a Background Sync fires (public/sw-background-sync.js). */
export const BACKGROUND_SYNC_MESSAGE = 'kreis:background-sync'
