import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { trialLine } from '@/domain/account-screens'
import { planBadge, trialDaysLeft, type PlanProfile } from '@/domain/subscription'
import { t } from '@/i18n'
import { Badge } from '@/ui/badge'
import { buttonClasses } from '@/ui/button'
import { SectionCard } from '@/ui/section-card'

/**
 * The plan badge, the trial's days left (docs/product.md §4: 30 days from created_at, rounded up, never below 0), and the way
 * to the plan page: "Upgrade to Premium" while on the trial, "Manage subscription" once subscribed (a subscriber
 * has nothing to upgrade to).
 */
export function PlanCard({ profile, now }: { profile: PlanProfile; now: Date }) {
  const badge = planBadge(profile)
  const line = trialLine(badge === 'active', trialDaysLeft(profile, now))
  return (
    <SectionCard
      title={t('profileScreen.planHeading')}
      aside={
        <Badge variant={badge === 'active' ? 'default' : 'accent'} className="text-sm">
          {t(badge === 'active' ? 'profile.planActive' : 'profile.planFreeTrial')}
        </Badge>
      }
    >
      {line.kind !== 'none' && (
        <p className="mt-3 text-stone-800">
          {line.kind === 'ended' ? t('profile.trialEnded') : line.days === 1 ? t('profileScreen.trialDayLeft') : t('profile.trialDaysLeft', { days: line.days })}
        </p>
      )}
      <Link to={paths.subscription} className={`${buttonClasses({ variant: badge === 'active' ? 'outline' : 'primary' })} mt-4 w-full sm:w-auto`}>
        {t(badge === 'active' ? 'subscription.manage' : 'profile.upgrade')}
      </Link>
    </SectionCard>
  )
}
