/**
 * An edit of the own profile (P2, L1): consecutive edits collapse into one, each field as its last edit left it (an
 * edit may name only some fields: a language choice leaves the names alone), sent with the last edit time; the
 * answer is the winner, which the mirror shows once no newer edit waits. A refusal quotes the server (docs/product.md §8).
 */
import type { KreisDatabase } from '@/db/database'
import { requestPersistenceOnce } from '@/db/storage-errors'
import { nullIfBlank } from '@/domain/validation'
import { issueEditStamp } from '../edit-stamps'
import { entry } from './enqueue'
import type { MyProfileRecord } from '@/db/records'
import type { OutboxEntry, ProfileWrite } from '@/db/rows'
import { refreshSellerCards, storeMyProfile } from '@/db/repositories/mirror'
import { profileSyncFailure } from '@/domain/errors'
import { defineKind, leftInGroup, opOf } from './kind'

/** One edit of a unit's consecutive edits: later fields over earlier ones, the last edit time. */
export const mergedEdit = (unit: readonly OutboxEntry[]): ProfileWrite =>
  Object.assign({}, ...unit.map((e) => opOf<'profile.update'>(e).profile)) as ProfileWrite

export interface ProfileFields {
  first_name: string | null
  last_name: string | null
  location: string | null
}

/** Edits the own profile (docs/product.md §5: empty values become null). */
export async function updateMyProfile(
  db: KreisDatabase,
  userId: string,
  fields: ProfileFields,
  now: number,
): Promise<void> {
  const write = {
    id: userId,
    first_name: nullIfBlank(fields.first_name),
    last_name: nullIfBlank(fields.last_name),
    location: nullIfBlank(fields.location),
  }
  await db.transaction('rw', [db.my_profile, db.profiles, db.listings, db.outbox, db.meta], async () => {
    const edit = { ...write, edited_at: await issueEditStamp(db, now) }
    const row = await db.my_profile.get(userId)
    if (row) await db.my_profile.put({ ...row, ...write, sync_state: 'pending', sync_error: undefined })
    await db.outbox.add(entry(`profile:${userId}`, { kind: 'profile.update', profile: edit }, now))
    await refreshSellerCards(db, userId) // the user's own cards show the new name at once
  })
  void requestPersistenceOnce()
}

/**
 * Keeps the member's language in their profile (docs/product.md#R-language-profile): an edit of the language alone,
 * through the outbox like the names (offline too; last edit wins on the server), merged with an edit queued before it.
 */
export async function setMyLanguage(db: KreisDatabase, userId: string, language: string, now: number): Promise<void> {
  await db.transaction('rw', [db.my_profile, db.outbox, db.meta], async () => {
    const editedAt = await issueEditStamp(db, now)
    const row = await db.my_profile.get(userId)
    if (row) await db.my_profile.put({ ...row, language, sync_state: 'pending', sync_error: undefined })
    await db.outbox.add(
      entry(
        `profile:${userId}`,
        { kind: 'profile.update', profile: { id: userId, language, edited_at: editedAt } },
        now,
      ),
    )
  })
  void requestPersistenceOnce()
}

export const profileUpdate = defineKind<MyProfileRecord>({
  kinds: ['profile.update'],
  unit: 'last-state',
  batched: false,
  send: ({ transport }, [unit]) => transport.updateProfile(mergedEdit(unit!)),
  tables: (db) => [db.my_profile, db.profiles, db.listings],
  async acknowledge(db, [unit], row) {
    if (await leftInGroup(db, unit![0]!.group)) return
    await storeMyProfile(db, row)
  },
  refusal: async (_db, _unit, f) => profileSyncFailure(f),
})
