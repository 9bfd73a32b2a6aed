import { useEffect, useMemo } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { paths } from '@/config/paths'
import { PAYMENT_SUCCESS_REDIRECT_MS } from '@/domain/constants'
import { paymentReturnParams } from '@/domain/payment-return'
import { t } from '@/i18n'
import { useUserId } from '@/data'
import { buttonClasses } from '@/ui/button'
import { useOnlineStatus } from '@/ui/use-online-status'
import { ResultScreen, Spinner } from './result-screen'
import { usePaymentConfirmation } from './hooks/use-payment-confirmation'

/**
 * /payment-success (docs/product.md §2.13): reads userId and gatewayId; processing, then success (toast, and after 2 s on to
 * /subscription-success) or failure (contact support if charged). Without both ids it goes straight on.
 */
export function PaymentSuccessPage() {
  const [search] = useSearchParams()
  const params = useMemo(() => paymentReturnParams(search), [search])
  const navigate = useNavigate()
  const userId = useUserId()
  const online = useOnlineStatus()
  const state = usePaymentConfirmation(params, typeof userId === 'string', online)

  useEffect(() => {
    if (!params) void navigate(paths.subscriptionSuccess, { replace: true })
  }, [params, navigate])
  useEffect(() => {
    if (state !== 'success') return
    const timer = setTimeout(
      () => void navigate(paths.subscriptionSuccess, { replace: true }),
      PAYMENT_SUCCESS_REDIRECT_MS,
    )
    return () => clearTimeout(timer)
  }, [state, navigate])

  if (!params) return null
  if (userId === null) {
    return (
      // Nothing is processing yet: the title says what the visitor has to do.
      <ResultScreen tone="neutral" title={t('plan.signInToConfirmTitle')} text={t('plan.signInToConfirm')}>
        <Link to={paths.auth('signin')} className={buttonClasses({ size: 'lg' })}>
          {t('profile.signIn')}
        </Link>
      </ResultScreen>
    )
  }
  if (state === 'success') {
    return <ResultScreen tone="success" title={t('toast.paymentSuccess')} text={t('plan.redirecting')} busy />
  }
  if (state === 'failure') {
    return (
      <ResultScreen tone="error" title={t('toast.paymentProcessingError')} text={t('payment.processingErrorText')}>
        <Link to={paths.subscription} className={buttonClasses({ size: 'lg' })}>
          {t('subscriptionSuccess.toPlan')}
        </Link>
        <Link to={paths.contact} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          {t('footer.contact')}
        </Link>
      </ResultScreen>
    )
  }
  return (
    <ResultScreen
      tone="neutral"
      title={t('payment.processing')}
      text={state === 'offline' ? t('plan.confirmOffline') : undefined}
      busy
    >
      <Spinner />
    </ResultScreen>
  )
}
