/**
 * Private signals from the database to one user's devices (docs/product.md#R-favourites-live): a trigger NOTIFYs
 * `{ user_id, event }` on `kreis_user_signal` when a transaction commits (migration `…141500_favourites_signal`);
 * this sends a Broadcast `event` to the private channels of topic `user:<user_id>` that the policy still lets read
 * it (private-topics.ts). The frame is hosted Realtime's broadcast frame, which realtime-js hands to
 * `.on('broadcast', { event }, …)`. The message carries no row: the device pulls what changed under RLS.
 */
import type { Database } from '../db/database.ts'
import type { Logger } from '../shared/logger.ts'
import type { Channel } from './channel.ts'
import { USER_TOPIC_PREFIX, mayReadPrivateTopic } from './private-topics.ts'

export const USER_SIGNAL_CHANNEL = 'kreis_user_signal'

/** Parses a NOTIFY payload; null for anything that is not `{ user_id: string, event: string }`. */
export function parseUserSignal(payload: string): { userId: string; event: string } | null {
  try {
    const v = JSON.parse(payload) as { user_id?: unknown; event?: unknown }
    return typeof v.user_id === 'string' && typeof v.event === 'string' ? { userId: v.user_id, event: v.event } : null
  } catch {
    return null
  }
}

/** Sends one signal to the channels allowed to hear it; returns how many got it. */
export function deliverUserSignal(channels: Iterable<Channel>, signal: { userId: string; event: string }): number {
  const name = `${USER_TOPIC_PREFIX}${signal.userId}`
  let sent = 0
  for (const channel of channels) {
    if (!channel.private || channel.name !== name || !mayReadPrivateTopic(name, channel.claims)) continue
    channel.send('broadcast', { type: 'broadcast', event: signal.event, payload: {} })
    sent++
  }
  return sent
}

/** Listens for the database's user signals; resolves to the function that stops listening. */
export async function listenForUserSignals(
  db: Database,
  log: Logger,
  channels: () => Iterable<Channel>,
): Promise<() => Promise<void>> {
  return db.pg.listen(USER_SIGNAL_CHANNEL, (payload) => {
    const signal = parseUserSignal(payload)
    if (!signal) return log.warn(`realtime: ignored a malformed user signal`)
    deliverUserSignal(channels(), signal)
  })
}
