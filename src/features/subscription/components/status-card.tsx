import type { SubscriptionPhase, SubscriptionPlanView } from '@/domain/subscription'
import { t, type CatalogueKey } from '@/i18n'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { formatPlanDate, formatRappen } from '../format'
import { SectionCard } from '@/ui/section-card'

const PHASE_LABEL: Record<SubscriptionPhase, CatalogueKey> = {
  active: 'subscription.phaseActive',
  trial: 'subscription.phaseTrial',
  welcome: 'subscription.phaseWelcome',
  subscription: 'subscription.phaseSubscription',
}

const PHASE_TEXT: Record<SubscriptionPhase, CatalogueKey> = {
  active: 'plan.phaseActiveText',
  trial: 'plan.phaseTrialText',
  welcome: 'plan.phaseWelcomeText',
  subscription: 'plan.phaseSubscriptionText',
}

export interface StatusCardProps {
  view: SubscriptionPlanView
  trialDaysLeft: number
  online: boolean
  paying: boolean
  disabled: boolean
  onPay: () => void
}

const BADGE_LABEL: Record<SubscriptionPlanView['badge'], CatalogueKey> = {
  active: 'profile.planActive',
  cancelledPaid: 'plan.badgeCancelled',
  freeTrial: 'profile.planFreeTrial',
}

/**
 * The plan's status (docs/product.md §2.12): badge, phase, what it means, and the pay button with the amount due. A
 * cancelled plan whose paid month still runs reads as paid until its end and offers no payment
 * (docs/decisions.md#D-cancelled-paid).
 */
export function StatusCard({ view, trialDaysLeft, online, paying, disabled, onPay }: StatusCardProps) {
  const active = view.phase === 'active'
  const amount = formatRappen(view.amountDueRappen)
  const text =
    view.lapsed && view.lapsedOn
      ? t('plan.lapsedText', { date: formatPlanDate(view.lapsedOn) })
      : view.paidThrough
        ? t('plan.cancelledPaidText', { date: formatPlanDate(view.paidThrough) })
        : view.cancelled
          ? t('plan.cancelledText')
          : t(PHASE_TEXT[view.phase])
  return (
    <SectionCard
      title={t('subscription.status')}
      aside={
        <Badge variant={view.badge === 'freeTrial' ? 'accent' : 'default'} className="text-sm">
          {t(BADGE_LABEL[view.badge])}
        </Badge>
      }
    >
      <p className="mt-3 text-2xl font-bold text-green-900">
        {t(view.paidThrough ? 'plan.phaseCancelled' : PHASE_LABEL[view.phase])}
      </p>
      {view.activeUntil && (
        <p className="mt-1 font-medium text-stone-900">
          {t('plan.activeUntil', { date: formatPlanDate(view.activeUntil) })}
        </p>
      )}
      {view.paidThrough && (
        <p className="mt-1 font-medium text-stone-900">
          {t('plan.paidUntil', { date: formatPlanDate(view.paidThrough) })}
        </p>
      )}
      {view.phase === 'trial' && !view.paidThrough && (
        <p className="mt-1 font-medium text-stone-900">
          {trialDaysLeft > 0 ? t('profile.trialDaysLeft', { days: trialDaysLeft }) : t('profile.trialEnded')}
        </p>
      )}
      <p className="mt-2 text-stone-700">{text}</p>
      {view.canPay ? (
        <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <Button
            size="lg"
            className="w-full sm:w-auto"
            onClick={onPay}
            disabled={disabled || paying}
            aria-describedby="plan-pay-note"
          >
            {paying ? t('plan.paying') : t(active ? 'plan.payEarly' : 'plan.payAmount', { amount })}
          </Button>
          <p id="plan-pay-note" className="text-sm text-stone-600">
            {online ? t('plan.payNote') : t('plan.payOffline')}
          </p>
        </div>
      ) : (
        view.paidThrough && (
          <p className="mt-5 text-sm text-stone-600">
            {t('plan.nothingToPay', { date: formatPlanDate(view.paidThrough) })}
          </p>
        )
      )}
    </SectionCard>
  )
}
