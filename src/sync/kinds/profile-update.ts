/**
 * An edit of the own profile (P2, L1): consecutive edits collapse into the last, sent with its edit time; the
 * answer is the winner, which the mirror shows once no newer edit waits. A refusal quotes the server (docs/product.md §8).
 */
import type { MyProfileRecord } from '@/db/records'
import { storeMyProfile } from '@/db/repositories/mirror'
import { profileSyncFailure } from '@/domain/errors'
import { defineKind, last, leftInGroup, opOf } from './kind'

export const profileUpdate = defineKind<MyProfileRecord>({
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
