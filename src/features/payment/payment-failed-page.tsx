import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { ResultScreen } from './result-screen'

/** /payment-failed (spec §2.13): no charge was made; "Try Again" goes to /profile, "Back to Home" to /. */
export function PaymentFailedPage() {
  return (
    <ResultScreen tone="error" title={t('payment.failedTitle')} text={t('payment.failedText')}>
      <Link to={paths.profile} className={buttonClasses({ size: 'lg' })}>
        {t('payment.tryAgain')}
      </Link>
      <Link to={paths.home} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
        {t('common.backToHome')}
      </Link>
    </ResultScreen>
  )
}
