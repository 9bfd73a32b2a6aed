import { PhotoSkeleton } from './skeleton'

/**
 * The card's outline while the feed loads (docs/product.md §9: 12 skeleton cards), the same size as a card. On a cold /shop
 * the photos may show in it before the app has loaded (PhotoSkeleton).
 */
export function ListingCardSkeleton({ photo }: { photo?: string | null }) {
  return (
    <div aria-hidden="true" className="flex flex-col">
      <PhotoSkeleton className="aspect-[4/5] rounded-2xl" photo={photo} />
      {/* One pulse for the three lines (they pulse in step anyway): each CSS animation costs its start in the
          frame that inserts it, and a cold /shop inserts 12 of these cards at once. */}
      <div className="motion-safe:animate-pulse">
        <div className="mt-3 h-4 w-1/3 rounded bg-stone-200" />
        <div className="mt-2 h-4 w-4/5 rounded bg-stone-200" />
        <div className="mt-2 h-3 w-1/2 rounded bg-stone-200" />
      </div>
    </div>
  )
}
