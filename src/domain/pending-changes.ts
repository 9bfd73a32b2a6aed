// What the person sees waiting to be sent: the things they did, not the operations the device queued for them.

/** An outbox entry as far as counting goes: its group ("listing:<id>", "conversation:<id>", …) and its kind. */
export interface QueuedWrite {
  readonly group: string
  readonly kind: string
}

/**
 * How many changes the person made that are not on the server yet: a listing (created, edited, marked sold or
 * deleted, with all its photos and image rows) counts once, as do a profile and a favourite; every message counts,
 * the conversation it opens does not; marking a conversation read is the device's bookkeeping, not a change.
 */
export function countChanges(writes: readonly QueuedWrite[]): number {
  const once = new Set<string>()
  let messages = 0
  for (const w of writes) {
    const kind = w.group.slice(0, w.group.indexOf(':'))
    if (kind === 'conversation') {
      if (w.kind === 'message.send') messages++
    } else if (kind === 'listing' || kind === 'profile' || kind === 'favourite') once.add(w.group)
  }
  return once.size + messages
}

/** Photos of unsent listings, as progress ("3 of 10 photos uploaded"); null when no unsent listing has photos. */
export function photoProgress(
  photos: readonly { readonly uploaded: boolean }[],
): { uploaded: number; total: number } | null {
  if (photos.length === 0) return null
  return { uploaded: photos.filter((p) => p.uploaded).length, total: photos.length }
}
