/**
 * The device's window of the catalogue, as pure rules: which listings the device keeps, which it evicts, and the
 * list of recently opened listings (an LRU with a cap).
 *
 * A device keeps the newest `size` active listings it holds, and — whatever their age or status — every listing
 * that is the user's business: their own, favourited, talked about, with writes or drafts not yet sent, opened
 * recently, or part of a search answer the device keeps. Everything else it holds is evicted. A row with unsent
 * changes is never evicted (its write is still on its way).
 */

/** What the window rules read of a held listing. */
export interface WindowCandidate {
  id: string
  status: string
  created_at: string
  user_id: string
  /** 'synced' when the row has no unsent change. */
  sync_state: string
}

/** The listings that are the user's business on this device (never evicted). */
export interface WindowKeep {
  /** The signed-in user (undefined for a visitor): their listings of every status stay. */
  owner?: string | undefined
  favourites: ReadonlySet<string>
  conversations: ReadonlySet<string>
  /** Listings with queued outbox entries or drafts. */
  queued: ReadonlySet<string>
  recent: ReadonlySet<string>
  /** Listings named by search answers the device keeps. */
  pages: ReadonlySet<string>
}

/** Whether the listing is the user's business (kept whatever the window's size). */
export function isKept(l: WindowCandidate, keep: WindowKeep): boolean {
  return (
    l.sync_state !== 'synced' ||
    (keep.owner !== undefined && l.user_id === keep.owner) ||
    keep.favourites.has(l.id) ||
    keep.conversations.has(l.id) ||
    keep.queued.has(l.id) ||
    keep.recent.has(l.id) ||
    keep.pages.has(l.id)
  )
}

/** Newest first; equal times by id, descending (the server's order of the window). */
export function newestFirst(a: WindowCandidate, b: WindowCandidate): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

/**
 * The ids to evict from what the device holds: neither among the newest `size` active listings nor kept. A sold
 * listing is in the window only when kept.
 */
export function evictions(held: readonly WindowCandidate[], keep: WindowKeep, size: number): string[] {
  const newest = new Set(
    held
      .filter((l) => l.status === 'active')
      .sort(newestFirst)
      .slice(0, Math.max(0, size))
      .map((l) => l.id),
  )
  return held.filter((l) => !newest.has(l.id) && !isKept(l, keep)).map((l) => l.id)
}

/** The recently opened list after opening `id`: it moves to the front; the least recently opened beyond `cap` leave. */
export function touchRecent(recent: readonly string[], id: string, cap: number): string[] {
  return [id, ...recent.filter((x) => x !== id)].slice(0, Math.max(0, cap))
}

/**
 * The ids the device names to the server beside the window the server computes: queued first (their rows must come
 * back), then recently opened (most recent first), then kept search answers; no duplicates, at most `max`.
 */
export function extraIds(
  queued: Iterable<string>,
  recent: readonly string[],
  pages: Iterable<string>,
  max: number,
): string[] {
  const out = new Set<string>()
  for (const ids of [queued, recent, pages]) {
    for (const id of ids) {
      if (out.size >= max) return [...out]
      out.add(id)
    }
  }
  return [...out]
}
