/**
 * Whether a device's realtime channel still hears what it holds (docs of the rule: src/sync/README.md M6).
 *
 * A channel is opened for a scope: changes of listings created since `createdSince` (every change when null: the
 * device holds less than its window) and of the older listings in `ids` (at most `maxIds` of them fit the channel).
 * When the device's held set changes (a listing opened, favourited, fetched for a search), the scope it would open
 * now may ask for more. The channel is opened again only when the current one does not hear all of it: a newer
 * `createdSince` or fewer ids ask for less, which the open channel already hears (a few changes more than needed
 * are harmless: each is only a poke for a pull), so a busy catalogue moving the window forward does not re-open it.
 * One broader scope is narrowed: a channel hearing every change (opened while the device held less than a window)
 * is opened again once the device holds a full window.
 */

export interface WatchScope {
  createdSince: string | null
  ids: readonly string[]
}

/**
 * Whether a channel opened for `current` hears every change `next` asks for. `createdAtOf` gives the creation time
 * of a held listing (an id of `next` not named by `current` is heard when it is at least `current.createdSince`).
 */
export function scopeCovers(
  current: WatchScope,
  next: WatchScope,
  createdAtOf: (id: string) => string | undefined,
  maxIds: number,
): boolean {
  if (current.createdSince === null) return true
  if (next.createdSince === null || next.createdSince < current.createdSince) return false
  const heard = new Set(current.ids.slice(0, maxIds))
  return next.ids.slice(0, maxIds).every((id) => {
    if (heard.has(id)) return true
    const created = createdAtOf(id)
    return created !== undefined && created >= current.createdSince!
  })
}

/**
 * Whether the channel should be opened again for `next`: it does not hear all of it, or it hears every change of
 * the catalogue while the device now holds a full window (a fresh device's channel opens before its first pull).
 */
export function needsRescope(
  current: WatchScope,
  next: WatchScope,
  createdAtOf: (id: string) => string | undefined,
  maxIds: number,
): boolean {
  if (current.createdSince === null && next.createdSince !== null) return true
  return !scopeCovers(current, next, createdAtOf, maxIds)
}

/** The ids of `next` that `current` names neither by id nor by creation time (whose creation time is to be read). */
export function unnamedIds(current: WatchScope, next: WatchScope, maxIds: number): string[] {
  const heard = new Set(current.ids.slice(0, maxIds))
  return next.ids.slice(0, maxIds).filter((id) => !heard.has(id))
}
