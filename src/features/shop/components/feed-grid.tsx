import type { ListingRow } from '@/db/rows'
import { SKELETON_CARD_COUNT } from '@/domain/constants'
import { t } from '@/i18n'
import { ListingCardSkeleton } from '@/ui/listing-card'
import { FeedCard } from './feed-card'

/** Cards above this index load their photo at once: the first row on any screen (2, 3 or 4 columns). */
const EAGER_CARDS = 4

export const GRID_CLASSES = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4'

export function FeedGrid(props: {
  rows: readonly ListingRow[]
  now: Date
  viewerId: string | null | undefined
  favourites: ReadonlySet<string>
  onToggleLike: (id: string, title: string) => void
}) {
  const { rows, now, viewerId, favourites, onToggleLike } = props
  return (
    <ul className={GRID_CLASSES}>
      {rows.map((row, i) => (
        <li key={row.id} className="flex">
          <div className="w-full">
            <FeedCard row={row} now={now} viewerId={viewerId} liked={favourites.has(row.id)} onToggleLike={onToggleLike} eager={i < EAGER_CARDS} />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The first load on a device without data: 12 skeleton cards in the grid's own geometry. */
export function FeedSkeletonGrid() {
  return (
    <div role="status" aria-label={t('feed.loading')}>
      <div className={GRID_CLASSES}>
        {Array.from({ length: SKELETON_CARD_COUNT }, (_, i) => (
          <ListingCardSkeleton key={i} />
        ))}
      </div>
    </div>
  )
}
