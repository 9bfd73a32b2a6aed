/** The profiles slice: the own profile's edits and picture (last edit wins, L1), and reading it back. */
import type { MyProfileRecord } from '@/db/records'
import type { ProfileWrite } from '@/db/rows'
import { STORAGE_BUCKET } from '@/domain/constants'
import type { ProfilesSlice, Result } from '@/sync/protocol'
import { toMyProfile } from '../rows'
import { maybeRow, ok, run, type Row, type SupabaseContext } from './query'

export const profilesSlice = ({ client, tagged }: SupabaseContext): ProfilesSlice => {
  const fetchMyProfile = (): Promise<Result<MyProfileRecord | null>> =>
    maybeRow(client.from('my_profile').select('*').maybeSingle(), toMyProfile)
  return {
    fetchMyProfile,

    async updateProfile(p: ProfileWrite): Promise<Result<MyProfileRecord>> {
      const { id, ...fields } = p
      const up = await run<Row[]>(client.from('profiles').update(fields).eq('id', id).select('id'))
      if (!up.ok) return tagged(up)
      if (up.value.length === 0)
        return { ok: false, reason: 'forbidden', code: '42501', message: 'profile not updatable' }
      const me = await fetchMyProfile()
      if (!me.ok) return me
      return me.value ? ok(me.value) : { ok: false, reason: 'forbidden', code: '42501', message: 'profile not visible' }
    },

    async setProfilePicture(userId: string, url: string, editedAt: string): Promise<Result<MyProfileRecord>> {
      const before = await run<Row | null>(
        client.from('profiles').select('profile_picture_url').eq('id', userId).maybeSingle(),
      )
      if (!before.ok) return before
      // The trigger of migration 20261123002200 keeps the stored row when this edit is older than the last one.
      const up = await run<Row[]>(
        client.from('profiles').update({ profile_picture_url: url, edited_at: editedAt }).eq('id', userId).select('id'),
      )
      if (!up.ok) return tagged(up)
      if (up.value.length === 0)
        return { ok: false, reason: 'forbidden', code: '42501', message: 'profile not updatable' }
      const me = await fetchMyProfile()
      if (!me.ok) return me
      if (!me.value) return { ok: false, reason: 'forbidden', code: '42501', message: 'profile not visible' }
      // The file the profile no longer shows, best-effort (an orphan costs storage, never correctness): the previous
      // picture when this edit won, this edit's own upload when a later edit won.
      const shown = me.value.profile_picture_url
      const old = before.value?.profile_picture_url
      const unused = shown === url ? old : url
      if (typeof unused === 'string' && unused !== shown && unused.startsWith(`${userId}/`)) {
        await client.storage
          .from(STORAGE_BUCKET)
          .remove([unused])
          .catch(() => undefined)
      }
      return ok(me.value)
    },
  }
}
