/**
 * Edit stamps of one device only move forward (L1): an edit is stamped with the device's clock, but never at or
 * before a stamp the device issued already, nor at or before the stamp of its own unsent edit it replaces. A clock
 * set back (by the user, by a time sync, by a time-zone mistake fixed) would otherwise stamp the later of two edits
 * as the older one, and the server's last-edit-wins would keep the earlier edit.
 */

/** The stamp (ms since the epoch) for an edit made at `now`: at least 1 ms after `last` and after every `seen`. */
export function nextEditStamp(now: number, last: number | null, seen: readonly number[] = []): number {
  let stamp = now
  for (const t of [last ?? Number.NEGATIVE_INFINITY, ...seen]) {
    if (Number.isFinite(t) && t + 1 > stamp) stamp = t + 1
  }
  return stamp
}
