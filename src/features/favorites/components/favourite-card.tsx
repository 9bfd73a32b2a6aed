import { paths } from '@/config/paths'
import type { FavouriteListing } from '@/db/repositories/feed'
import { cardView } from '@/domain/listing-card-view'
import { locationLabel, sellerName, t } from '@/i18n'
import { Button } from '@/ui/button'
import { ListingCard, useListingImageUrl } from '@/ui/listing-card'

/**
 * One favourite. Active: the feed's card with a filled heart. Sold: the SOLD card. Gone from the device (sold to
 * someone else or deleted): the card as it was when favourited, marked "No longer available". The last two keep
 * a Remove button, since a sold card has no heart (spec §2.6).
 */
export function FavouriteCard({ item, now, eager, onToggle }: { item: FavouriteListing; now: Date; eager: boolean; onToggle: (id: string, title: string) => void }) {
  const { favourite, listing } = item
  const snapshot = favourite.card
  const view = listing ? cardView(listing, now, null) : null
  const imageUrl = useListingImageUrl(view ? view.imagePath : (snapshot?.cover_image_url ?? null))
  const title = view?.title ?? snapshot?.title ?? t('feed.favUnknownTitle')
  const remove = (
    <Button variant="outline" size="sm" onClick={() => onToggle(favourite.listing_id, title)} aria-label={t('feed.favRemoveLabel', { title })}>
      {t('feed.favRemove')}
    </Button>
  )
  if (view && !view.isSold) {
    return (
      <ListingCard
        title={view.title}
        price={view.price}
        imageUrl={imageUrl}
        brand={view.brand}
        size={view.size}
        location={locationLabel(view.location)}
        seller={sellerName(view.sellerName)}
        isSold={false}
        isNew={view.isNew}
        href={paths.item(view.id)}
        liked
        onToggleLike={() => onToggle(view.id, view.title)}
        eager={eager}
        headingLevel={2}
      />
    )
  }
  const gone = !view && snapshot?.status !== 'sold'
  return (
    <ListingCard
      title={title}
      price={view?.price ?? (snapshot ? Number(snapshot.price) : undefined)}
      imageUrl={imageUrl}
      brand={view?.brand ?? snapshot?.brand}
      size={view?.size ?? snapshot?.size}
      isSold
      isNew={false}
      href={paths.item(favourite.listing_id)}
      eager={eager}
      headingLevel={2}
      note={
        <p className="text-xs font-semibold tracking-wide text-stone-700 uppercase">{gone ? t('feed.favNoLongerAvailable') : t('feed.favSold')}</p>
      }
      actions={remove}
    />
  )
}
