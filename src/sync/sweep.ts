/**
 * Orphaned uploads (docs/decisions.md#D-orphan-sweep): a photo or profile picture is uploaded before the row that uses it is saved;
 * when that save is refused for good and the user discards it, the uploaded file is used by no row. The device that
 * uploaded it knows its path (photo_blobs marked uploaded), so it removes it right after the discard, once it has
 * asked the server which files the committed listing or profile still uses (those stay). No answer (offline): the
 * file stays, an orphan that costs storage, never a broken image.
 */
import { cardImagePath } from '@/domain/photos'
import type { OutboxGroup } from '@/db/rows'
import type { Result, Transport } from './protocol'

/** Removes those of `uploaded` (this device's uploads for the discarded `group`) that the server's row does not use. */
export async function sweepDiscardedUploads(
  transport: Transport,
  group: OutboxGroup,
  uploaded: readonly string[],
): Promise<Result<string[]>> {
  const [kind, id] = group.split(':') as [string, string]
  const used = new Set<string>()
  if (kind === 'listing') {
    const r = await transport.fetchListing(id)
    if (!r.ok) return r
    for (const img of r.value?.images ?? []) {
      used.add(img.image_url)
      const card = cardImagePath(img.image_url)
      if (card) used.add(card)
    }
  } else if (kind === 'profile') {
    const r = await transport.fetchMyProfile()
    if (!r.ok) return r
    if (r.value?.profile_picture_url) used.add(r.value.profile_picture_url)
  } else return { ok: true, value: [] }
  const unused = [...new Set(uploaded)].filter((p) => !used.has(p))
  if (!unused.length) return { ok: true, value: [] }
  const removed = await transport.removeFiles(unused)
  return removed.ok ? { ok: true, value: unused } : removed
}
