import { useState } from 'react'
import { avatarInitial } from '@/domain/profile'
import { t } from '@/i18n'
import { useUserId } from '@/data'
import { NotificationsSetting } from './components/notifications-toggle'
import { Skeleton } from '@/ui/skeleton'
import { JoinPrompt } from './components/join-prompt'
import { MyListings } from './components/my-listings'
import { PlanCard } from './components/plan-card'
import { ProfileDetails } from './components/profile-details'
import { useMyProfile } from './hooks/use-my-profile'
import { LanguageSwitch } from '@/ui/language-switch'

/**
 * /profile (docs/product.md §2.9): the join prompt signed out; signed in, the own profile from the device's mirror (offline
 * too), its edit through the outbox, the plan with the trial's days left, and My listings (docs/decisions.md#D-my-listings).
 */
export function ProfilePage() {
  const userId = useUserId()
  const read = useMyProfile(userId)
  const [now] = useState(() => new Date())

  if (userId === null) return <JoinPrompt />
  if (userId === undefined || read === undefined) return <ProfileSkeleton />
  if ('error' in read) {
    return (
      <Page>
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5">
          <p className="font-semibold text-red-800">{t('toast.profileLoadFailed')}</p>
          <p className="mt-1 text-red-800">{t('toast.profileLoadFailedDescription')}</p>
        </div>
      </Page>
    )
  }
  const profile = read.row
  if (!profile) {
    return (
      <Page>
        <div role="status" className="rounded-2xl border border-stone-200 bg-stone-50 p-5">
          <p className="font-semibold text-stone-900">{t('profileScreen.notYetTitle')}</p>
          <p className="mt-1 text-stone-700">{t('profileScreen.notYetText')}</p>
        </div>
      </Page>
    )
  }
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ')
  return (
    <Page>
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-amber-200 text-2xl font-bold text-stone-900"
        >
          {avatarInitial({ firstName: profile.first_name, email: profile.email })}
        </span>
        <div className="min-w-0">
          <p className="truncate text-xl font-semibold text-stone-900">{name || t('profileScreen.noName')}</p>
          <p className="truncate text-stone-700">{profile.email}</p>
        </div>
      </div>
      <ProfileDetails profile={profile} />
      <section
        aria-label={t('language.label')}
        className="flex items-center justify-between gap-4 rounded-xl border border-stone-200 p-4"
      >
        <p className="font-semibold" aria-hidden="true">
          {t('language.label')}
        </p>
        <LanguageSwitch className="shrink-0" />
      </section>
      <PlanCard profile={profile} now={now} />
      <NotificationsSetting />
      <MyListings userId={profile.id} />
    </Page>
  )
}

function Page({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-green-900">{t('profileScreen.title')}</h1>
      {children}
    </div>
  )
}

function ProfileSkeleton() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10" aria-busy="true">
      <span className="sr-only" role="status">
        {t('profileScreen.loading')}
      </span>
      <Skeleton className="h-9 w-48" />
      <div className="flex items-center gap-4">
        <Skeleton className="h-16 w-16 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-56" />
        </div>
      </div>
      <Skeleton className="h-48 w-full rounded-2xl" />
      <Skeleton className="h-36 w-full rounded-2xl" />
    </div>
  )
}
