import type { ListingRow } from '@/data'
import { FeedCard } from './feed-card'
import { GRID_CLASSES } from './feed-skeleton-grid'

/** Cards above this index load their photo at once: the first row on any screen (2, 3 or 4 columns). */
const EAGER_CARDS = 4

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
            <FeedCard
              row={row}
              now={now}
              viewerId={viewerId}
              liked={favourites.has(row.id)}
              onToggleLike={onToggleLike}
              eager={i < EAGER_CARDS}
            />
          </div>
        </li>
      ))}
    </ul>
  )
}
