import type { SyncState } from '@/data'
import { t } from '@/i18n'
import { Button } from '@/ui/button'

/** Where the edit stands: waiting to be sent, or refused by the server with Retry / Discard. */
export function SyncNote({
  state,
  error,
  onRetry,
  onDiscard,
}: {
  state: SyncState
  error?: string
  onRetry: () => void
  onDiscard: () => void
}) {
  if (state === 'synced') return null
  if (state === 'pending') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
        <span aria-hidden="true" className="h-2 w-2 rounded-full bg-amber-500" />
        {t('profileScreen.pending')}
      </p>
    )
  }
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm font-medium text-red-800">
        {t('profileScreen.failed', { message: error ?? t('toast.somethingWrong') })}
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onRetry}>
          {t('syncState.retry')}
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          {t('syncState.discard')}
        </Button>
      </div>
    </div>
  )
}
