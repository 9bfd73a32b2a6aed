import { useCallback, useDeferredValue, useLayoutEffect, useRef, useState } from 'react'
import type { Category } from '@/domain/categories'
import { isDefaultFilters, narrowsFeed, type FeedFilters } from '@/domain/feed-filters'
import { withFilters } from '@/domain/feed-query'
import { paginate } from '@/domain/pagination'
import { t } from '@/i18n'
import { useSyncStatus } from '@/sync/app-sync'
import { usePaintedFirstPhotos } from '@/sync/first-photos'
import { useUserId } from '@/sync/use-session-user'
import { Button } from '@/ui/button'
import { toast } from '@/ui/toast/toast-store'
import { AppliedFilters } from './components/applied-filters'
import { CategoryBar } from './components/category-bar'
import { FeedGrid } from './components/feed-grid'
import { FeedMessage } from './components/feed-message'
import { FeedSkeletonGrid } from './components/feed-skeleton-grid'
import { FilterSheet } from './components/filter-sheet'
import { NewListingsNotice } from './components/new-listings-notice'
import { PaginationNav } from './components/pagination-nav'
import { SortSelect } from './components/sort-select'
import { useFavouriteIds } from './hooks/use-favourite-ids'
import { useFeedCount } from './hooks/use-feed-count'
import { useFeedPage } from './hooks/use-feed-page'
import { useFeedView } from './hooks/use-feed-view'
import { useFirstLoadSkeleton } from './hooks/use-first-load-skeleton'
import { useFirstScreen } from './hooks/use-first-screen'
import { useHasListings } from './hooks/use-has-listings'
import { useToggleFavourite } from './hooks/use-toggle-favourite'
import { ShopHeading } from './shop-fallback'

const panelFilterCount = (f: FeedFilters): number =>
  (f.locations?.length ?? 0) + (f.sizes?.length ?? 0) + (f.conditions?.length ?? 0) + (f.priceMin !== undefined || f.priceMax !== undefined ? 1 : 0)

/** /shop, the Marketplace Feed (spec §2.6): the mirror's listings, filtered, searched, sorted and paged. */
export function ShopPage() {
  const [view, setView] = useFeedView()
  const { filters, sort } = view
  const [sheetOpen, setSheetOpen] = useState(false)
  const [now] = useState(() => new Date())
  const total = useFeedCount(filters)
  const pagination = paginate(view.page, total ?? view.page * 12)
  const page = total === undefined ? view.page : pagination.page
  // The cards render in a background (time-sliced) pass after each re-read of the mirror, not in one long task:
  // a cold start re-reads it while the first screen and then the first pull are stored (TBT).
  const rows = useDeferredValue(useFeedPage(filters, sort, page))
  const hasListings = useHasListings()
  const firstScreenPending = useFirstScreen(hasListings)
  const skeleton = useFirstLoadSkeleton(firstScreenPending ? undefined : hasListings)
  const online = useSyncStatus((s) => s.online)
  // A cold visit's photos, painted from index.html into the prerendered grid: they stay while the cards come.
  const painted = usePaintedFirstPhotos().length > 0
  // The session resolving (loading → signed out or in, after the first screen) changes every card's owner check: the
  // cards take it in the background pass too, not all in the one task of the session's (synchronous) update (TBT).
  const viewerId = useDeferredValue(useUserId())
  const favourites = useFavouriteIds()
  const toggleFavourite = useToggleFavourite()
  // One function for the page's life, calling the latest toggle: the memoised cards keep it (feed-card.tsx).
  const latestToggle = useRef(toggleFavourite)
  useLayoutEffect(() => {
    latestToggle.current = toggleFavourite
  })
  const onToggleLike = useCallback((id: string, title: string) => void latestToggle.current(id, title), [])

  const change = (next: FeedFilters) => setView(withFilters(view, next))
  const resetFilters = () => change(filters.query ? { query: filters.query } : {})
  const goToPage = (p: number) => {
    setView({ ...view, page: p })
    window.scrollTo({ top: 0 })
  }
  const apply = (next: FeedFilters) => {
    setSheetOpen(false)
    change(next)
    toast({ title: t('toast.filtersApplied'), description: t('toast.filtersAppliedDescription') })
  }
  const activeCount = panelFilterCount(filters)

  let content
  if (skeleton) content = <FeedSkeletonGrid />
  // While the device's database answers (a few ms): the grid's space, past the fold, so the footer never comes into
  // view and leaves again (an empty-feed message before `hasListings` is known would do that: CLS).
  else if (rows === undefined || hasListings === undefined || (rows.length === 0 && (firstScreenPending || (hasListings && !narrowsFeed(filters)))))
    // The last cases: index.html's request for this first page is being stored; the device has listings but the
    // page's own query has not re-read them yet (just synced).
    content = painted ? <FeedSkeletonGrid /> : <div className="min-h-screen" aria-busy="true" />
  else if (rows.length > 0) content = <FeedGrid rows={rows} now={now} viewerId={viewerId} favourites={favourites} onToggleLike={onToggleLike} />
  else if (!online && !hasListings) content = <FeedMessage title={t('feed.offline')} hint={t('feed.offlineEmpty')} />
  else if (filters.query && isDefaultFilters(filters) && !filters.category)
    content = (
      <FeedMessage title={t('feed.emptySearch', { query: filters.query })} hint={t('feed.emptySearchHint')}>
        <Button variant="outline" onClick={() => change({})}>{t('feed.clearSearch')}</Button>
      </FeedMessage>
    )
  else if (narrowsFeed(filters))
    content = (
      <FeedMessage title={t('feed.emptyFiltered')} hint={t('feed.emptyFilteredHint')}>
        <Button onClick={resetFilters}>{t('feed.resetFilters')}</Button>
      </FeedMessage>
    )
  else content = <FeedMessage title={t('feed.emptyNone')} hint={t('feed.emptyNoneHint')} />

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8">
      <ShopHeading />
      <CategoryBar value={filters.category} onChange={(category: Category | undefined) => change({ ...filters, category })} />
      {/* Phones: the sort on its own row from the start, so the item count arriving never wraps it (CLS). */}
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Button variant="outline" onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
            </svg>
            {activeCount > 0 ? t('feed.filterButtonCount', { count: activeCount }) : t('shop.filterButton')}
          </Button>
          <p className="text-sm text-stone-700" aria-live="polite">
            {total === undefined ? '' : total === 1 ? t('feed.itemCountOne') : t('feed.itemCountMany', { count: total })}
          </p>
        </div>
        <SortSelect value={sort} onChange={(s) => setView({ ...view, sort: s, page: 1 })} />
      </div>
      {filters.query && (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-lg font-semibold text-stone-900">{t('feed.searchResults', { query: filters.query })}</p>
          <Button variant="ghost" size="sm" className="h-11 underline underline-offset-4" onClick={() => change({ ...filters, query: undefined })}>
            {t('feed.clearSearch')}
          </Button>
        </div>
      )}
      <AppliedFilters filters={{ ...filters, category: undefined }} onChange={(f) => change({ ...f, category: filters.category })} onReset={resetFilters} />
      <NewListingsNotice onShow={() => goToPage(1)} />
      {content}
      {rows && rows.length > 0 && total !== undefined && <PaginationNav pagination={pagination} onPage={goToPage} />}
      <FilterSheet open={sheetOpen} filters={filters} onClose={() => setSheetOpen(false)} onApply={apply} />
    </div>
  )
}
