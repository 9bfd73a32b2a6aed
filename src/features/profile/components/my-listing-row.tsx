import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { renderSyncFailure, useCardImageSrc, type ListingRow } from '@/data'
import { formatPrice } from '@/i18n/format'
import type { MyListingGroup } from '@/domain/my-listings'
import { t } from '@/i18n'
import { Button, buttonClasses } from '@/ui/button'
import { DeleteListingButton } from '@/shared/delete-listing-button'
import { ImageWithFallback } from '@/ui/image-with-fallback'
import type { MyListingActions } from '../hooks/use-my-listing-actions'

function Thumb({ imageUrl, title, sold }: { imageUrl: string | null; title: string; sold: boolean }) {
  const image = useCardImageSrc(imageUrl)
  return (
    <div className="h-20 w-16 shrink-0 overflow-hidden rounded-xl bg-stone-100">
      {image !== undefined && (
        <ImageWithFallback
          src={image?.src ?? null}
          {...(image?.srcSet ? { srcSet: image.srcSet, sizes: '64px' } : {})}
          alt={title}
          fallbackLabel={t('item.noImage')}
          width={64}
          height={80}
          className={`h-full w-full object-cover text-[10px] ${sold ? 'opacity-60 grayscale' : ''}`}
        />
      )}
    </div>
  )
}

/** One own listing: photo, title (to its page), price, where it stands, and what the seller can do with it. */
export function MyListingRow({
  listing,
  group,
  actions,
}: {
  listing: ListingRow
  group: MyListingGroup
  actions: MyListingActions
}) {
  const busy = actions.busyId === listing.id
  const sold = listing.status === 'sold'
  const title = listing.title
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-3">
      <div className="flex gap-3">
        <Thumb imageUrl={listing.cover_image_url} title={title} sold={sold} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Link
            to={paths.item(listing.id)}
            className="line-clamp-2 font-semibold text-stone-900 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-green-700"
          >
            {title}
          </Link>
          <p className={sold ? 'text-stone-600 line-through' : 'text-stone-900'}>
            {formatPrice(Number(listing.price))}
          </p>
          {group === 'failed' && (
            <p role="alert" className="text-sm text-red-800">
              {t('myListings.failedHint', {
                message: renderSyncFailure(listing.sync_error) || t('toast.somethingWrong'),
              })}
            </p>
          )}
          {group === 'pending' && <p className="text-sm text-stone-700">{t('myListings.pendingHint')}</p>}
        </div>
      </div>
      {/* Compact buttons and a short "Delete" (named "Delete listing"): the three fit one row on a 375 px phone. */}
      <div role="group" aria-label={t('myListings.actionsLabel', { title })} className="flex flex-wrap gap-2">
        <Link
          to={paths.sellEdit(listing.id)}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
          aria-label={t('myListings.editLabel', { title })}
        >
          {t('myListings.edit')}
        </Link>
        {group === 'failed' ? (
          <>
            <Button
              size="sm"
              disabled={busy}
              onClick={() => void actions.retry(listing)}
              aria-label={t('myListings.retryLabel', { title })}
            >
              {t('syncState.retry')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => void actions.discard(listing)}
              aria-label={t('myListings.discardLabel', { title })}
            >
              {t('syncState.discard')}
            </Button>
          </>
        ) : (
          // Each row's buttons name their listing: a screen reader's list of buttons is not ten times "Mark as sold".
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => void actions.setStatus(listing, sold ? 'active' : 'sold')}
            aria-label={t(sold ? 'myListings.markAvailableLabel' : 'myListings.markSoldLabel', { title })}
          >
            {sold ? t('sellFlow.markAvailable') : t('sellFlow.markSold')}
          </Button>
        )}
        <DeleteListingButton
          size="sm"
          accessibleName={t('myListings.deleteLabel', { title })}
          busy={busy}
          onDelete={() => void actions.remove(listing)}
        >
          {t('myListings.delete')}
        </DeleteListingButton>
      </div>
    </li>
  )
}
