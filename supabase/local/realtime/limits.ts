/** The realtime server's fixed numbers, with their units. */

/** Path supabase-js derives from the project URL (reference/supabase-wire.md §6.1). */
export const REALTIME_PATH = '/realtime/v1/websocket'
/** Largest client frame accepted; postgres_changes joins are small, broadcast payloads are not supported. */
export const MAX_FRAME_BYTES = 1024 * 1024
/** How often processed rows are deleted from realtime.changes. */
export const PRUNE_INTERVAL_MS = 30_000
/** Changes read from the log per query while catching up. */
export const DRAIN_BATCH_ROWS = 500
/** The access-token expiry check re-arms at least this often (setTimeout cannot wait for arbitrary dates). */
export const TOKEN_CHECK_MAX_MS = 60 * 60 * 1000
/** Close code sent to clients when the stack stops: "going away", so they reconnect. */
export const CLOSE_GOING_AWAY = 1001
/** How long stopping waits for clients to answer the close handshake before cutting them off. */
export const CLOSE_GRACE_MS = 500
/** Channels one socket may join at once (hosted Realtime's default max_channels_per_client). */
export const MAX_CHANNELS_PER_SOCKET = 100
/** A socket silent this long is cut off; realtime-js sends a heartbeat every 25 s (Phoenix' server default: 60 s). */
export const IDLE_TIMEOUT_MS = 60_000
/** How often silent sockets are looked for. */
export const IDLE_SWEEP_MS = 15_000
