import { renderSyncFailure, type OwnListing } from '@/data'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { useOnlineStatus } from '@/ui/use-online-status'
import { useRetryListing } from '@/shared/use-listing-actions'

/** How far a listing is on its way to the server (docs/decisions.md#D-publish-progress): photos uploaded, live, waiting, or refused. */
export function ListingProgress({ own, onFix }: { own: OwnListing; onFix(): void }) {
  const online = useOnlineStatus()
  const retry = useRetryListing()
  const { listing, images, devicePhotos } = own
  const total = images.length
  const done = images.filter((i) => devicePhotos.get(i.id)?.uploaded ?? true).length
  if (listing.sync_state === 'failed') {
    return (
      <div
        role="alert"
        className="flex w-full flex-col gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-left"
      >
        <p className="font-semibold text-red-900">{t('sellFlow.failedTitle')}</p>
        {listing.sync_error && <p className="text-red-900">{renderSyncFailure(listing.sync_error)}</p>}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onFix}>
            {t('sellFlow.fixListing')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => void retry(listing.id)}>
            {t('sellFlow.retry')}
          </Button>
        </div>
      </div>
    )
  }
  const live = listing.sync_state === 'synced'
  const pct = total ? Math.round((done / total) * 100) : 100
  return (
    <div role="status" className="flex w-full flex-col gap-2 rounded-2xl bg-stone-100 p-4 text-left">
      <p className="font-medium text-stone-900">
        {live ? t('sellFlow.successLive') : online ? t('sellFlow.successPending') : t('sellFlow.successOffline')}
      </p>
      {!live && (
        <>
          <div className="h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
            <div
              className="h-full rounded-full bg-green-800 transition-[width] duration-300"
              style={{ width: `${pct}%` }}
            />
          </div>
          <p className="text-sm text-stone-700">{t('sellFlow.photosProgress', { done, total })}</p>
        </>
      )}
    </div>
  )
}
