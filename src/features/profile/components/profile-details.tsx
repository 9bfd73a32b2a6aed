import { useState } from 'react'
import type { MyProfileRow } from '@/db/rows'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { useOnlineStatus } from '@/ui/use-online-status'
import { useFailureToast } from '../hooks/use-failure-toast'
import { useProfileSyncActions } from '../hooks/use-profile-sync-actions'
import { useUpdateProfile } from '../hooks/use-update-profile'
import { ProfileForm } from './profile-form'
import { SyncNote } from './sync-note'

const fullName = (p: MyProfileRow) => [p.first_name, p.last_name].filter(Boolean).join(' ')

/** The user's details, shown and edited in place (spec §2.9). */
export function ProfileDetails({ profile }: { profile: MyProfileRow }) {
  const [editing, setEditing] = useState(false)
  const online = useOnlineStatus()
  const save = useUpdateProfile()
  const { retry, discard } = useProfileSyncActions(profile.id)
  useFailureToast(profile.sync_state, profile.sync_error)
  const name = fullName(profile)

  return (
    <section aria-labelledby="details-heading" className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="details-heading" className="text-lg font-semibold text-stone-900">
          {t('profileScreen.detailsHeading')}
        </h2>
        {!editing && (
          <Button variant="outline" size="sm" className="min-h-11" onClick={() => setEditing(true)}>
            {t('profile.edit')}
          </Button>
        )}
      </div>
      {!online && editing && <p className="rounded-xl bg-amber-100 p-3 text-sm text-stone-900">{t('profileScreen.offlineNote')}</p>}
      {editing ? (
        <ProfileForm
          initial={{ firstName: profile.first_name ?? '', lastName: profile.last_name ?? '', location: profile.location ?? '' }}
          onCancel={() => setEditing(false)}
          onSave={async (values) => {
            const ok = await save(values)
            if (ok) setEditing(false)
            return ok
          }}
        />
      ) : (
        <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          <dt className="text-sm text-stone-600">{t('common.firstName')} / {t('common.lastName')}</dt>
          <dd className="font-medium text-stone-900">{name || <span className="text-stone-600">{t('profileScreen.noName')}</span>}</dd>
          <dt className="text-sm text-stone-600">{t('common.location')}</dt>
          <dd className="font-medium text-stone-900">{profile.location ?? <span className="text-stone-600">{t('profileScreen.noLocation')}</span>}</dd>
          <dt className="text-sm text-stone-600">{t('profileScreen.email')}</dt>
          <dd className="font-medium break-all text-stone-900">{profile.email}</dd>
        </dl>
      )}
      <SyncNote state={profile.sync_state} error={profile.sync_error} onRetry={retry} onDiscard={discard} />
    </section>
  )
}
