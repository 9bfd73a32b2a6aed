import { useState } from 'react'
import { renderSyncFailure, type MyProfileRow } from '@/data'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { useOnlineStatus } from '@/ui/use-online-status'
import { useFailureToast } from '../hooks/use-failure-toast'
import { useProfileSyncActions } from '../hooks/use-profile-sync-actions'
import { useUpdateProfile } from '../hooks/use-update-profile'
import { ProfileForm } from './profile-form'
import { SyncNote } from './sync-note'
import { SectionCard } from '@/ui/section-card'

function Detail({ term, value, empty = '—' }: { term: string; value: string | null; empty?: string }) {
  return (
    <>
      <dt className="text-sm text-stone-600">{term}</dt>
      <dd className="font-medium break-words text-stone-900">
        {value ?? <span className="font-normal text-stone-600">{empty}</span>}
      </dd>
    </>
  )
}

/** The user's details, shown and edited in place (docs/product.md §2.9). */
export function ProfileDetails({ profile }: { profile: MyProfileRow }) {
  const [editing, setEditing] = useState(false)
  const online = useOnlineStatus()
  const save = useUpdateProfile()
  const { retry, discard } = useProfileSyncActions(profile.id)
  useFailureToast(profile.sync_state, renderSyncFailure(profile.sync_error))

  return (
    <SectionCard
      title={t('profileScreen.detailsHeading')}
      className="flex flex-col gap-4"
      aside={
        !editing && (
          <Button variant="outline" size="sm" className="min-h-11" onClick={() => setEditing(true)}>
            {t('profile.edit')}
          </Button>
        )
      }
    >
      {!online && editing && (
        <p className="rounded-xl bg-amber-100 p-3 text-sm text-stone-900">{t('profileScreen.offlineNote')}</p>
      )}
      {editing ? (
        <ProfileForm
          initial={{
            firstName: profile.first_name ?? '',
            lastName: profile.last_name ?? '',
            location: profile.location ?? '',
          }}
          onCancel={() => setEditing(false)}
          onSave={async (values) => {
            const ok = await save(values)
            if (ok) setEditing(false)
            return ok
          }}
        />
      ) : (
        // minmax(0, 1fr): a long e-mail address wraps inside the card instead of widening the page at 375 px.
        <dl className="grid grid-cols-[7rem_minmax(0,1fr)] items-baseline gap-x-4 gap-y-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <Detail term={t('common.firstName')} value={profile.first_name} />
          <Detail term={t('common.lastName')} value={profile.last_name} />
          <Detail term={t('common.location')} value={profile.location} empty={t('profileScreen.noLocation')} />
          <Detail term={t('profileScreen.email')} value={profile.email} />
        </dl>
      )}
      <SyncNote
        state={profile.sync_state}
        error={renderSyncFailure(profile.sync_error) || undefined}
        onRetry={retry}
        onDiscard={discard}
      />
    </SectionCard>
  )
}
