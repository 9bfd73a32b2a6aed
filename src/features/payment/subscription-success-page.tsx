import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { ResultScreen } from './result-screen'

/** /subscription-success (docs/product.md §2.13): "Subscription Activated!" with buttons to /subscription and /. */
export function SubscriptionSuccessPage() {
  return (
    <ResultScreen tone="success" title={t('subscriptionSuccess.title')} text={t('plan.activatedText')}>
      <Link to={paths.subscription} className={buttonClasses({ size: 'lg' })}>
        {t('subscriptionSuccess.toPlan')}
      </Link>
      <Link to={paths.home} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
        {t('common.backToHome')}
      </Link>
    </ResultScreen>
  )
}
