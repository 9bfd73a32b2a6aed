import type { ListingRow } from '@/data'
import { listingLocation } from '@/domain/listing-view'
import { formatPrice } from '@/i18n/format'
import { anyConditionLabel, t } from '@/i18n'
import { locationLabel } from '@/i18n/place-label'
import { Badge } from '@/ui/badge'
import { FavouriteButton } from './favourite-button'

/**
 * What decides a click, above the fold on a phone: condition badge, title, price in CHF with 2 decimals,
 * location ("Switzerland" when none) and the size chip; the heart beside them (not for the owner's own listing).
 */
export function ItemSummary({ listing, owner }: { listing: ListingRow; owner: boolean }) {
  const sold = listing.status === 'sold'
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <Badge variant="accent">{anyConditionLabel(listing.condition)}</Badge>
          {sold && <Badge variant="destructive">{t('item.sold')}</Badge>}
          {listing.sync_state === 'pending' && <Badge variant="muted">{t('item.pending')}</Badge>}
        </div>
        {!owner && <FavouriteButton listingId={listing.id} title={listing.title} />}
      </div>
      <h1 className="text-2xl leading-tight font-bold text-stone-900 md:text-3xl">{listing.title}</h1>
      <p className="text-2xl font-bold text-green-800">{formatPrice(listing.price)}</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-stone-700">
        <span className="inline-flex items-center gap-1">
          <svg
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            aria-hidden="true"
          >
            <path d="M12 21s-6-5.3-6-10a6 6 0 0112 0c0 4.7-6 10-6 10z" strokeLinejoin="round" />
            <circle cx="12" cy="11" r="2" />
          </svg>
          <span className="sr-only">{t('item.location')}: </span>
          {locationLabel(listingLocation(listing.location))}
        </span>
        {listing.size && (
          <span className="rounded-full border border-stone-300 px-3 py-0.5 text-sm font-medium text-stone-800">
            {t('item.sizeChip', { size: listing.size })}
          </span>
        )}
      </div>
      {sold && owner && <p className="text-sm text-stone-700">{t('item.soldOwnerNote')}</p>}
    </div>
  )
}
