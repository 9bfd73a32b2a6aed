import { HOME_GRID_MAX } from '@/domain/constants'
import { ListingCardSkeleton } from '@/ui/listing-card-skeleton'

export const FRESH_GRID = 'mt-8 grid grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-4'

/** The home grid's space while the device has no listings yet (or while the grid's chunk loads): skeleton cards. */
export function FreshGridSkeleton() {
  return (
    <div className={FRESH_GRID} aria-hidden="true">
      {Array.from({ length: HOME_GRID_MAX }, (_, i) => (
        <ListingCardSkeleton key={i} />
      ))}
    </div>
  )
}
