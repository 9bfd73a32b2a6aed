/**
 * What /shop shows before its chunk arrives (routes.tsx imports this file eagerly, so keep it tiny), and what
 * index.html prerenders for it: the page's own layout — heading, the category and filter rows as placeholders of
 * their height, the skeleton grid where the feed's grid will be — so nothing moves when the page renders (CLS),
 * and a cold visit's first photos paint into the grid before the app has loaded (ui/skeleton.tsx PhotoSkeleton).
 */
import { t } from '@/i18n'
import { Skeleton } from '@/ui/skeleton'
import { FeedSkeletonGrid } from './components/feed-skeleton-grid'

export function ShopHeading() {
  return (
    <div>
      <h1 className="text-3xl font-bold text-stone-900">{t('shop.title')}</h1>
      <p className="mt-1 text-stone-700">{t('shop.subtitle')}</p>
    </div>
  )
}

/** The category chips (44 px and the row's 4 px scroll gap), the filter button and the sort (one row from sm). */
function ControlsPlaceholder() {
  return (
    <>
      <div aria-hidden="true" className="-mx-4 flex gap-2 overflow-hidden px-4 pb-1">
        {[24, 20, 16, 20, 16].map((w, i) => (
          <Skeleton key={i} className={`h-11 shrink-0 rounded-full ${CHIP_WIDTHS[w]}`} />
        ))}
      </div>
      <div
        aria-hidden="true"
        className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between"
      >
        <Skeleton className="h-11 w-28 rounded-full" />
        <Skeleton className="h-11 w-44 rounded-full" />
      </div>
    </>
  )
}

// Literal class names (Tailwind finds them in the source).
const CHIP_WIDTHS: Record<number, string> = { 16: 'w-16', 20: 'w-20', 24: 'w-24' }

export function ShopFallback() {
  return (
    <div className="mx-auto flex min-h-[150vh] max-w-6xl flex-col gap-5 px-4 py-8" aria-busy="true">
      <ShopHeading />
      <ControlsPlaceholder />
      <FeedSkeletonGrid />
    </div>
  )
}
