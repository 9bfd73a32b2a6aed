import { paths } from '@/config/paths'
import type { FavouriteListing } from '@/data'
import { cardView } from '@/domain/listing-card-view'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { ListingCard } from '@/shared/listing-card'
import { ListingRowCard } from '@/shared/listing-row-card'

/**
 * One favourite. Active: the feed's card with a filled heart. Sold: the SOLD card. Gone from the device (sold to
 * someone else or deleted): the card as it was when favourited, marked "No longer available". The last two keep
 * a Remove button, since a sold card has no heart (docs/product.md §2.6).
 */
export function FavouriteCard({
  item,
  now,
  eager,
  onToggle,
}: {
  item: FavouriteListing
  now: Date
  eager: boolean
  onToggle: (id: string, title: string) => void
}) {
  const { favourite, listing } = item
  const snapshot = favourite.card
  const view = listing ? cardView(listing, now, null) : null
  const title = view?.title ?? snapshot?.title ?? t('feed.favUnknownTitle')
  const remove = (
    <Button
      variant="outline"
      size="sm"
      onClick={() => onToggle(favourite.listing_id, title)}
      aria-label={t('feed.favRemoveLabel', { title })}
    >
      {t('feed.favRemove')}
    </Button>
  )
  if (listing && view && !view.isSold) {
    return (
      <ListingRowCard row={listing} now={now} eager={eager} showPlace liked onToggleLike={onToggle} headingLevel={2} />
    )
  }
  const gone = !view && snapshot?.status !== 'sold'
  return (
    <ListingCard
      title={title}
      price={view?.price ?? (snapshot ? Number(snapshot.price) : undefined)}
      imageUrl={view ? view.imagePath : (snapshot?.cover_image_url ?? null)}
      brand={view?.brand ?? snapshot?.brand}
      size={view?.size ?? snapshot?.size}
      isSold
      isNew={false}
      href={paths.item(favourite.listing_id)}
      eager={eager}
      headingLevel={2}
      note={
        <p className="text-xs font-semibold tracking-wide text-stone-700 uppercase">
          {gone ? t('feed.favNoLongerAvailable') : t('feed.favSold')}
        </p>
      }
      actions={remove}
    />
  )
}
