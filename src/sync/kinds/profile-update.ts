/**
 * An edit of the own profile (P2, L1): consecutive edits collapse into one, each field as its last edit left it (an
 * edit may name only some fields: a language choice leaves the names alone), sent with the last edit time; the
 * answer is the winner, which the mirror shows once no newer edit waits. A refusal quotes the server (docs/product.md §8).
 */
import type { MyProfileRecord } from '@/db/records'
import type { OutboxEntry, ProfileWrite } from '@/db/rows'
import { storeMyProfile } from '@/db/repositories/mirror'
import { profileSyncFailure } from '@/domain/errors'
import { defineKind, leftInGroup, opOf } from './kind'

/** One edit of a unit's consecutive edits: later fields over earlier ones, the last edit time. */
export const mergedEdit = (unit: readonly OutboxEntry[]): ProfileWrite =>
  Object.assign({}, ...unit.map((e) => opOf<'profile.update'>(e).profile)) as ProfileWrite

export const profileUpdate = defineKind<MyProfileRecord>({
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
