/** The realtime server's fixed numbers, with their units. */

/** Path supabase-js derives from the project URL (docs/supabase-wire.md §6.1). */
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

/**
 * What one client may ask of the realtime server, after hosted Realtime's tenant limits (max_joins_per_second 100,
 * max_channels_per_client 100, max_events_per_second 100 on the free plan), applied here per socket and per client
 * address (the socket's peer address) so that one client cannot take another's share. Each rate is a token bucket
 * holding one second's worth: a burst of that size, then that many per second.
 */
export interface RealtimeLimits {
  /** phx_join frames per second on one socket (realtime-js rejoins every channel at once after a reconnect). */
  joinsPerSecondPerSocket: number
  /** phx_join frames per second from one client address, over all its sockets (hosted: per tenant, 100). */
  joinsPerSecondPerAddress: number
  /** Channels joined at once on one socket. */
  channelsPerSocket: number
  /** Channels joined at once from one client address, over all its sockets. */
  channelsPerAddress: number
  /** Frames of any kind per second on one socket (heartbeats included; realtime-js sends one every 25 s). */
  eventsPerSecondPerSocket: number
  /**
   * Sockets open (or being opened) at once from one client address; the next upgrade is answered 429. Hosted caps a
   * tenant's concurrent clients (max_concurrent_users, 200 on the free plan); per address, one client cannot use
   * them all, and a flood that reconnects every socket the server cuts off holds at most this many.
   */
  socketsPerAddress: number
}

export const DEFAULT_REALTIME_LIMITS: Readonly<RealtimeLimits> = {
  joinsPerSecondPerSocket: 20,
  joinsPerSecondPerAddress: 100,
  channelsPerSocket: MAX_CHANNELS_PER_SOCKET,
  channelsPerAddress: 1000,
  eventsPerSecondPerSocket: 100,
  socketsPerAddress: 100,
}

/** Hosted Realtime's reasons, which realtime-js hands to the subscribe callback (CHANNEL_ERROR). */
export const REFUSALS = {
  joins: 'ClientJoinRateLimitReached: Too many joins per second',
  channels: 'ChannelRateLimitReached: Too many channels',
  events: 'MessagePerSecondRateLimitReached: Too many messages per second',
} as const
/** A socket silent this long is cut off; realtime-js sends a heartbeat every 25 s (Phoenix' server default: 60 s). */
export const IDLE_TIMEOUT_MS = 60_000
/** How often silent sockets are looked for. */
export const IDLE_SWEEP_MS = 15_000
