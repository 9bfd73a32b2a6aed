import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { SELL_STEPS, stepProgressPercent, type SellStep } from '@/domain/sell-flow'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { cx } from '@/ui/cx'

const LABEL: Record<SellStep, 'sell.stepUpload' | 'sell.stepDetails' | 'sell.stepPreview'> = {
  upload: 'sell.stepUpload',
  details: 'sell.stepDetails',
  preview: 'sell.stepPreview',
}

/** The three-step header of docs/product.md §2.10 (Upload, Details, Preview) with its progress bar and "Back to Home". */
export function StepHeader({ step }: { step: SellStep }) {
  const current = SELL_STEPS.indexOf(step)
  const percent = stepProgressPercent(step)
  return (
    <header className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t('sell.title')}</h1>
        <Link to={paths.home} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          <span aria-hidden="true">←</span> {t('common.backToHome')}
        </Link>
      </div>
      <nav aria-label={t('sellFlow.steps')}>
        <ol className="grid grid-cols-3 gap-2 text-sm">
          {SELL_STEPS.map((s, i) => (
            <li
              key={s}
              aria-current={i === current ? 'step' : undefined}
              className={cx('flex items-center gap-2 font-medium', i <= current ? 'text-green-900' : 'text-stone-500')}
            >
              <span
                aria-hidden="true"
                className={cx(
                  'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                  i < current
                    ? 'bg-green-800 text-white'
                    : i === current
                      ? 'border-2 border-green-800 bg-white'
                      : 'border border-stone-300 bg-white',
                )}
              >
                {i < current ? '✓' : i + 1}
              </span>
              <span className="sr-only">
                {t('sellFlow.stepOf', { current: i + 1, total: SELL_STEPS.length, name: '' })}
              </span>
              {t(LABEL[s])}
            </li>
          ))}
        </ol>
      </nav>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('sellFlow.stepOf', { current: current + 1, total: SELL_STEPS.length, name: t(LABEL[step]) })}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-green-800 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </header>
  )
}
