/**
 * An edit of the own profile (P2, L1): consecutive edits collapse into the last, sent with its edit time; the
 * answer is the winner, which the mirror shows once no newer edit waits. A refusal quotes the server (docs/product.md §8).
 */
import type { KreisDatabase } from '@/db/database'
import { requestPersistenceOnce } from '@/db/storage-errors'
import { nullIfBlank } from '@/domain/validation'
import { entry, iso } from './enqueue'
import type { MyProfileRecord } from '@/db/records'
import { refreshSellerCards, storeMyProfile } from '@/db/repositories/mirror'
import { profileSyncFailure } from '@/domain/errors'
import { defineKind, last, leftInGroup, opOf } from './kind'

export interface ProfileFields {
  first_name: string | null
  last_name: string | null
  location: string | null
}

/** Edits the own profile (docs/product.md §5: empty values become null). */
export async function updateMyProfile(db: KreisDatabase, userId: string, fields: ProfileFields, now: number): Promise<void> {
  const write = { id: userId, first_name: nullIfBlank(fields.first_name), last_name: nullIfBlank(fields.last_name), location: nullIfBlank(fields.location) }
  const edit = { ...write, edited_at: iso(now) }
  await db.transaction('rw', [db.my_profile, db.profiles, db.listings, db.outbox], async () => {
    const row = await db.my_profile.get(userId)
    if (row) await db.my_profile.put({ ...row, ...write, sync_state: 'pending', sync_error: undefined })
    await db.outbox.add(entry(`profile:${userId}`, { kind: 'profile.update', profile: edit }, now))
    await refreshSellerCards(db, userId) // the user's own cards show the new name at once
  })
  void requestPersistenceOnce()
}

export const profileUpdate = defineKind<MyProfileRecord>({
  kinds: ['profile.update'],
  unit: 'last-state',
  batched: false,
  send: ({ transport }, [unit]) => transport.updateProfile(opOf<'profile.update'>(last(unit!)).profile),
  tables: (db) => [db.my_profile, db.profiles, db.listings],
  async acknowledge(db, [unit], row) {
    if (await leftInGroup(db, unit![0]!.group)) return
    await storeMyProfile(db, row)
  },
  refusal: async (_db, _unit, f) => profileSyncFailure(f),
})
