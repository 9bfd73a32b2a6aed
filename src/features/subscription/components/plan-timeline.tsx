import type { TimelineEntry, TimelineRow, TimelineState } from '@/domain/subscription'
import { t, type CatalogueKey } from '@/i18n'
import { cx } from '@/ui/cx'
import { SectionCard } from '@/ui/section-card'

const ROWS: Record<TimelineRow, { month: CatalogueKey; label: CatalogueKey }> = {
  month1: { month: 'subscription.month1', label: 'subscription.month1Label' },
  month2: { month: 'subscription.month2', label: 'subscription.month2Label' },
  month3: { month: 'subscription.month3', label: 'subscription.month3Label' },
}

const DOT: Record<TimelineState, string> = {
  active: 'bg-green-700 border-green-700',
  pending: 'bg-amber-300 border-amber-500',
  inactive: 'bg-white border-stone-300',
}

const CHIP: Record<TimelineState, string> = {
  active: 'bg-green-100 text-green-900',
  pending: 'bg-amber-100 text-amber-900',
  inactive: 'bg-stone-100 text-stone-600',
}

/**
 * The plan timeline (docs/product.md §4): Month 1 Free Trial, Month 2 CHF 2 Welcome, Month 3+ CHF 5/month, each with its state.
 * A visitor has no plan, so `showStates={false}` shows the months alone (no "Active" that is nobody's).
 */
export function PlanTimeline({
  entries,
  showStates = true,
}: {
  entries: readonly TimelineEntry[]
  showStates?: boolean
}) {
  return (
    <SectionCard title={t('subscription.timeline')}>
      <ol className="mt-4 flex flex-col">
        {entries.map((e, i) => (
          <li
            key={e.row}
            className="relative flex items-center gap-4 py-3"
            data-state={showStates ? e.state : undefined}
          >
            {i < entries.length - 1 && (
              <span aria-hidden="true" className="absolute top-1/2 left-[0.6875rem] h-full w-0.5 bg-stone-200" />
            )}
            <span
              aria-hidden="true"
              className={cx(
                'relative z-10 h-6 w-6 shrink-0 rounded-full border-4',
                showStates ? DOT[e.state] : DOT.inactive,
              )}
            />
            {/* The chip keeps its place at the right; the month's words wrap beside it on a narrow phone. */}
            <div className="flex min-w-0 flex-1 items-center justify-between gap-3">
              <p className="min-w-0 text-stone-900">
                <span className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
                  {t(ROWS[e.row].month)}
                </span>{' '}
                <span className="font-semibold">{t(ROWS[e.row].label)}</span>
              </p>
              {showStates && (
                <span className={cx('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', CHIP[e.state])}>
                  {t(`plan.state.${e.state}`)}
                </span>
              )}
            </div>
          </li>
        ))}
      </ol>
    </SectionCard>
  )
}
