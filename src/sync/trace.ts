/**
 * Hop timings of a message's way from one device to another (docs/decisions.md#D-message-budget): the engine leaves a User Timing
 * mark `kreis:<hop>` (with the ids it concerns as the mark's detail) at each hop, but only in a page that asked for
 * it by setting `globalThis.__kreisTrace = true` before the app starts (bench/messages.ts does). Otherwise nothing is
 * recorded, so a long session does not grow the performance timeline.
 */
export type TraceHop =
  /** The message and its outbox entry are committed to Dexie on the sender. */
  | 'local-write'
  /** The action hook asked the engine to push. */
  | 'poke'
  /** A drain of the outbox starts (the poke's wait for the engine ends here). */
  | 'drain-start'
  /** The push request carrying the message leaves. */
  | 'push-request'
  /** The server answered the push. */
  | 'push-response'
  /** The answer is in the sender's mirror, the entry gone from the outbox. */
  | 'acknowledged'
  /** A realtime change of the message reached the receiver's engine. */
  | 'realtime-received'
  /** The realtime row is in the receiver's mirror. */
  | 'realtime-applied'

const enabled = (): boolean =>
  (globalThis as { __kreisTrace?: unknown }).__kreisTrace === true && typeof performance?.mark === 'function'

/** Marks a hop for `ids` (message ids; empty when the hop is not about particular rows). */
export function traceHop(hop: TraceHop, ids: readonly string[] = []): void {
  if (!enabled()) return
  try {
    performance.mark(`kreis:${hop}`, { detail: ids })
  } catch {
    // tracing never breaks the engine
  }
}

export const tracing = enabled
