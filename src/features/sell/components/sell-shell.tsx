import type { ReactNode } from 'react'
import type { SellStep } from '@/domain/sell-flow'
import { t } from '@/i18n'
import { useOnlineStatus } from '@/ui/use-online-status'
import { StepHeader } from './step-header'

/** The page frame of every sell step: header with steps and progress, and the offline reassurance. */
export function SellShell({ step, children }: { step: SellStep; children: ReactNode }) {
  const online = useOnlineStatus()
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10">
      <StepHeader step={step} />
      {!online && (
        <p role="status" className="rounded-xl bg-amber-100 px-4 py-3 text-sm text-stone-900">
          {t('sellFlow.offlineNote')}
        </p>
      )}
      {children}
    </div>
  )
}
