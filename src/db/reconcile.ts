/**
 * The one rule for a server row arriving at the mirror (pull, realtime): a row with unsent local changes keeps
 * the local version (its outbox entry will settle it, and the push's acknowledgement carries the server's
 * verdict), and only a newer server version replaces a synced row. The version the mirror already has is not
 * written again, so a sync that brings nothing new wakes no live query.
 */
import type { SyncFields } from './rows'

export function acceptsServerRow(
  local: (SyncFields & { updated_at: string }) | undefined,
  remote: { updated_at: string },
): boolean {
  if (!local) return true
  if (local.sync_state !== 'synced') return false
  return remote.updated_at > local.updated_at
}
