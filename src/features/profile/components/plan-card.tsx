import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { trialLine } from '@/domain/account-screens'
import { cancelledPaidThrough, planBadge, trialDaysLeft, type PlanProfile } from '@/domain/subscription'
import { t } from '@/i18n'
import { formatLongDate } from '@/i18n/format'
import { Badge } from '@/ui/badge'
import { buttonClasses } from '@/ui/button'
import { SectionCard } from '@/ui/section-card'

/**
 * The plan badge, the trial's days left (docs/product.md §4: 30 days from created_at, rounded up, never below 0), and the way
 * to the plan page: "Upgrade to Premium" while on the trial, "Manage subscription" once subscribed (a subscriber
 * has nothing to upgrade to). A cancelled plan whose paid month still runs reads "Paid until …", cancelled, and has
 * nothing to upgrade either (docs/decisions.md#D-cancelled-paid).
 */
export function PlanCard({ profile, now }: { profile: PlanProfile; now: Date }) {
  const badge = planBadge(profile, now)
  const paidThrough = cancelledPaidThrough(profile, now)
  const line = trialLine(badge !== 'freeTrial', trialDaysLeft(profile, now))
  return (
    <SectionCard
      title={t('profileScreen.planHeading')}
      aside={
        <Badge variant={badge === 'freeTrial' ? 'accent' : 'default'} className="text-sm">
          {t(
            badge === 'active'
              ? 'profile.planActive'
              : badge === 'cancelledPaid'
                ? 'plan.badgeCancelled'
                : 'profile.planFreeTrial',
          )}
        </Badge>
      }
    >
      {paidThrough && (
        <p className="mt-3 font-medium text-stone-900">{t('plan.paidUntil', { date: formatLongDate(paidThrough) })}</p>
      )}
      {line.kind !== 'none' && (
        <p className="mt-3 text-stone-800">
          {line.kind === 'ended'
            ? t('profile.trialEnded')
            : line.days === 1
              ? t('profileScreen.trialDayLeft')
              : t('profile.trialDaysLeft', { days: line.days })}
        </p>
      )}
      <Link
        to={paths.subscription}
        className={`${buttonClasses({ variant: badge === 'freeTrial' ? 'primary' : 'outline' })} mt-4 w-full sm:w-auto`}
      >
        {t(badge === 'freeTrial' ? 'profile.upgrade' : 'subscription.manage')}
      </Link>
    </SectionCard>
  )
}
