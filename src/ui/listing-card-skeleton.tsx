/** The card's outline while the feed loads (spec §9: 12 skeleton cards), the same size as a card. */
export function ListingCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col">
      <div className="aspect-[4/5] rounded-2xl bg-stone-200 motion-safe:animate-pulse" />
      <div className="mt-3 h-4 w-1/3 rounded bg-stone-200 motion-safe:animate-pulse" />
      <div className="mt-2 h-4 w-4/5 rounded bg-stone-200 motion-safe:animate-pulse" />
      <div className="mt-2 h-3 w-1/2 rounded bg-stone-200 motion-safe:animate-pulse" />
    </div>
  )
}
