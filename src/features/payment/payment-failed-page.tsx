import { useMemo } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { paths } from '@/config/paths'
import { paymentReturnParams } from '@/domain/payment-return'
import { t } from '@/i18n'
import { useUserId } from '@/data'
import { buttonClasses } from '@/ui/button'
import { useOnlineStatus } from '@/ui/use-online-status'
import { useRecordUnpaid } from './hooks/use-record-unpaid'
import { ResultScreen } from './result-screen'

/**
 * /payment-failed (docs/product.md §2.13): no charge was made; "Try Again" goes to /profile, "Back to Home" to /. With the
 * checkout's ids in the URL, the signed-in payer's cancelled checkout is recorded as cancelled.
 */
export function PaymentFailedPage() {
  const [search] = useSearchParams()
  const params = useMemo(() => paymentReturnParams(search), [search])
  useRecordUnpaid(params, useUserId(), useOnlineStatus())
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
