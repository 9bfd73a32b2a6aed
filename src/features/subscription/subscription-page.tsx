import { useState } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { subscriptionPlanView, trialDaysLeft } from '@/domain/subscription'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { useUserId } from '@/data'
import { Button, buttonClasses } from '@/ui/button'
import { Skeleton } from '@/ui/skeleton'
import { toast } from '@/ui/toast/toast-store'
import { useOnlineStatus } from '@/ui/use-online-status'
import { ManageCard } from './components/manage-card'
import { PaymentsList } from './components/payments-list'
import { PlanTimeline } from './components/plan-timeline'
import { StatusCard } from './components/status-card'
import { useMyPlan } from './hooks/use-my-plan'
import { usePayments } from './hooks/use-payments'
import { usePlanActions } from './hooks/use-plan-actions'
import { usePlanRefresh } from './hooks/use-plan-refresh'

/** /subscription "Your Kreis Plan" (docs/product.md §2.12, §4): status, manage/cancel, timeline, payments; offline from the mirror. */
export function SubscriptionPage() {
  const userId = useUserId()
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-8 sm:py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-green-900 sm:text-4xl">{t('subscription.title')}</h1>
        <p className="mt-2 text-stone-700">{t('plan.intro')}</p>
      </header>
      {userId === undefined ? <PlanSkeleton /> : userId === null ? <SignedOutPlan /> : <SignedInPlan userId={userId} />}
    </div>
  )
}

function SignedInPlan({ userId }: { userId: string }) {
  const online = useOnlineStatus()
  const plan = useMyPlan(userId)
  const payments = usePayments(userId)
  const refresh = usePlanRefresh(userId, online)
  const actions = usePlanActions(userId)
  const [now] = useState(() => new Date())

  if (plan === undefined || (plan && 'row' in plan && plan.row === null && online && refresh.state === 'refreshing'))
    return <PlanSkeleton />
  if ('error' in plan || plan.row === null) {
    return (
      <section role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
        <p className="text-stone-900">
          {'error' in plan || online ? t('toast.subscriptionLoadFailed') : t('plan.notOnDevice')}
        </p>
        {online && (
          <Button variant="outline" className="mt-3" onClick={refresh.retry}>
            {t('plan.retry')}
          </Button>
        )}
      </section>
    )
  }
  const view = subscriptionPlanView(plan.row, now)
  return (
    <>
      {!online && (
        <p role="status" className="rounded-xl bg-stone-800 px-4 py-3 text-sm font-medium text-white">
          {t('plan.offline')}
        </p>
      )}
      <StatusCard
        view={view}
        trialDaysLeft={trialDaysLeft(plan.row, now)}
        online={online}
        paying={actions.busy === 'paying'}
        disabled={!online || actions.busy !== null}
        onPay={() => void actions.pay(view.amountDueRappen)}
      />
      <PlanTimeline entries={view.timeline} />
      <ManageCard
        canCancel={view.canCancel}
        online={online}
        cancelling={actions.busy === 'cancelling'}
        onCancel={actions.cancel}
      />
      <PaymentsList cached={payments} loading={refresh.state === 'refreshing'} />
    </>
  )
}

function SignedOutPlan() {
  return (
    <>
      <section className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <p className="text-stone-800">{t('subscription.loginRequired')}</p>
        {/* Signing in is what a visitor can do here, so it leads; the membership button only says so (docs/product.md §6). */}
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.auth('signin')} className={buttonClasses({ size: 'lg' })}>
            {t('profile.signIn')}
          </Link>
          <Button variant="outline" size="lg" onClick={() => toast(renderToast(TOASTS.membershipAuthRequired))}>
            {t('profile.upgrade')}
          </Button>
        </div>
      </section>
      <PlanTimeline entries={subscriptionPlanView({}, new Date()).timeline} showStates={false} />
    </>
  )
}

function PlanSkeleton() {
  return (
    <div className="flex flex-col gap-5" aria-busy="true">
      <Skeleton className="h-56" />
      <Skeleton className="h-48" />
      <Skeleton className="h-40" />
    </div>
  )
}
