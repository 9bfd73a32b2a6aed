import { paymentDateMs, paymentStatus, type PaymentStatus } from '@/domain/payments'
import { t } from '@/i18n'
import type { CachedPayments } from '@/data'
import { cx } from '@/ui/cx'
import { Skeleton } from '@/ui/skeleton'
import { formatPlanDate, formatRappen, formatShortDate } from '../format'
import { SectionCard } from '@/ui/section-card'

const STATUS_STYLE: Record<PaymentStatus, string> = {
  paid: 'bg-green-100 text-green-900',
  pending: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-stone-100 text-stone-700',
  failed: 'bg-red-100 text-red-800',
}

/** The user's payments (date, amount in CHF, status), as last fetched on this device. */
export function PaymentsList({ cached, loading }: { cached: CachedPayments | null | undefined; loading: boolean }) {
  return (
    <SectionCard
      title={t('plan.paymentsTitle')}
      aside={
        cached && (
          <p className="text-xs text-stone-600">
            {t('plan.paymentsUpdated', { date: formatPlanDate(cached.fetchedAt) })}
          </p>
        )
      }
    >
      {cached === undefined || (cached === null && loading) ? (
        <div className="mt-4 flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : cached === null ? (
        <p className="mt-3 text-stone-700">{t('plan.paymentsUnavailable')}</p>
      ) : cached.payments.length === 0 ? (
        <p className="mt-3 text-stone-700">{t('plan.paymentsEmpty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200">
          {cached.payments.map((p) => {
            const status = paymentStatus(p.status)
            return (
              <li key={p.id} className="flex items-center justify-between gap-3 py-3">
                <span className="whitespace-nowrap text-stone-800">{formatShortDate(paymentDateMs(p))}</span>
                <span className="ml-auto font-semibold whitespace-nowrap text-stone-900 tabular-nums">
                  {formatRappen(p.amount)}
                </span>
                <span
                  className={cx(
                    'w-24 rounded-full px-2.5 py-0.5 text-center text-xs font-semibold',
                    STATUS_STYLE[status],
                  )}
                >
                  {t(`plan.paymentStatus.${status}`)}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </SectionCard>
  )
}
