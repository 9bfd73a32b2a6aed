/**
 * The feed grid's geometry and its loading state, apart from the cards' code: the prerendered /shop (shop-fallback)
 * shows the skeleton before the page's chunk has loaded.
 */
import { SKELETON_CARD_COUNT } from '@/domain/constants'
import { t } from '@/i18n'
import { usePaintedFirstPhotos } from '@/data'
import { ListingCardSkeleton } from '@/ui/listing-card-skeleton'

export const GRID_CLASSES = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4'

/**
 * The first load on a device without data: 12 skeleton cards in the grid's own geometry. On a cold visit the
 * photos index.html painted into the prerendered skeleton stay in this one (usePaintedFirstPhotos).
 */
export function FeedSkeletonGrid() {
  const photos = usePaintedFirstPhotos()
  return (
    <div role="status" aria-label={t('feed.loading')}>
      <div className={GRID_CLASSES}>
        {Array.from({ length: SKELETON_CARD_COUNT }, (_, i) => (
          <ListingCardSkeleton key={i} photo={photos[i]} />
        ))}
      </div>
    </div>
  )
}
