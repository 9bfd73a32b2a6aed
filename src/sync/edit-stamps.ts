/**
 * The device's source of edit stamps (L1, domain/edit-stamp.ts): the last stamp issued is kept in meta
 * `edit-stamp`, so stamps keep increasing across reloads and across tabs (each write reads and moves it in its own
 * transaction, which must include `db.meta`).
 */
import type { KreisDatabase } from '@/db/database'
import { nextEditStamp } from '@/domain/edit-stamp'

export const EDIT_STAMP_META_KEY = 'edit-stamp'

/**
 * Issues the stamp of an edit made at `now` (device ms), later than every stamp this device issued and than
 * `seen` (ISO times of the device's own unsent edits the new one replaces). Call inside a rw transaction with db.meta.
 */
export async function issueEditStamp(
  db: KreisDatabase,
  now: number,
  seen: readonly (string | null | undefined)[] = [],
): Promise<string> {
  const row = await db.meta.get(EDIT_STAMP_META_KEY)
  const last = typeof row?.value === 'number' ? row.value : null
  const stamp = nextEditStamp(
    now,
    last,
    seen.flatMap((s) => (s ? [Date.parse(s)] : [])),
  )
  await db.meta.put({ key: EDIT_STAMP_META_KEY, value: stamp })
  return new Date(stamp).toISOString()
}
