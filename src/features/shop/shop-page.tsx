import { useCallback, useDeferredValue, useLayoutEffect, useRef, useState } from 'react'
import type { Category } from '@/domain/categories'
import { isDefaultFilters, narrowsFeed, type FeedFilters } from '@/domain/feed-filters'
import { withFilters } from '@/domain/feed-query'
import { paginate } from '@/domain/pagination'
import { pagedItemCount, SEARCH_COUNT_CAP } from '@/domain/search-query'
import { t } from '@/i18n'
import { formatCount } from '@/i18n/format'
import { getAppSync, usePaintedFirstPhotos, useServerReachable, useSyncStatus, useUserId } from '@/data'
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
import { useServerAnswer } from './hooks/use-server-answer'
import { useToggleFavourite } from '@/shared/use-toggle-favourite'
import { ShopHeading } from './shop-fallback'

/** A narrowing no listing has: the device count is only read when its note shows. */
const SKIP_COUNT: FeedFilters = { priceMin: Number.MAX_SAFE_INTEGER }

function itemCountText(total: number | null | undefined): string {
  if (total === undefined) return ''
  if (total === null) return ''
  if (total > SEARCH_COUNT_CAP) return t('feed.itemCountMore', { count: formatCount(SEARCH_COUNT_CAP) })
  return total === 1 ? t('feed.itemCountOne') : t('feed.itemCountMany', { count: total })
}

function deviceNoteText(source: 'offline' | 'unavailable' | 'unreachable', count: number): string {
  if (source === 'unavailable') return t('feed.serverUnavailable', { count: formatCount(count) })
  if (source === 'unreachable') return t('feed.deepPageOnDevice', { count: formatCount(count) })
  return count === 1 ? t('feed.searchingDeviceOne') : t('feed.searchingDevice', { count: formatCount(count) })
}

const panelFilterCount = (f: FeedFilters): number =>
  (f.locations?.length ?? 0) +
  (f.sizes?.length ?? 0) +
  (f.conditions?.length ?? 0) +
  (f.priceMin !== undefined || f.priceMax !== undefined ? 1 : 0)

/** /shop, the Marketplace Feed (docs/product.md §2.6): the mirror's listings, filtered, searched, sorted and paged. */
export function ShopPage() {
  const [view, setView] = useFeedView()
  const { filters, sort } = view
  const [sheetOpen, setSheetOpen] = useState(false)
  const [now] = useState(() => new Date())
  const online = useServerReachable()
  const pullFailing = useSyncStatus((s) => s.pullFailing)
  // Online, a search, filter, sort or page beyond the plain first page is the server's answer over the whole
  // catalogue (stored in the mirror, read from it); the device's own answer otherwise (use-server-answer.ts).
  const answer = useServerAnswer(filters, sort, view.page, online)
  const server = answer.source === 'server' ? answer.view : null
  const deviceTotal = useFeedCount(filters)
  const total = server ? server.page.total : answer.source === 'waiting' ? undefined : deviceTotal
  const pagination = paginate(
    view.page,
    server ? pagedItemCount(server.page.total, view.page, server.page.next !== null) : (total ?? view.page * 12),
  )
  const page = total === undefined && !server ? view.page : pagination.page
  // The cards render in a background (time-sliced) pass after each re-read of the mirror, not in one long task:
  // a cold start re-reads it while the first screen and then the first pull are stored (TBT).
  const deviceRows = useFeedPage(filters, sort, page)
  const rows = useDeferredValue(server ? server.rows : answer.source === 'waiting' ? undefined : deviceRows)
  const deviceNote =
    answer.source === 'offline' || answer.source === 'unavailable' || answer.source === 'unreachable'
      ? answer.source
      : null
  const onDevice = useFeedCount(deviceNote ? {} : SKIP_COUNT)
  const hasListings = useHasListings()
  const firstScreenPending = useFirstScreen(hasListings)
  const skeleton = useFirstLoadSkeleton(firstScreenPending ? undefined : hasListings)
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
  // Nothing on the device and the server answers with failures: no skeletons forever, but the failure and a retry.
  if (hasListings === false && pullFailing && (rows?.length ?? 0) === 0)
    content = (
      <FeedMessage title={t('feed.fetchFailed')} hint={t('feed.fetchFailedHint')}>
        <Button
          onClick={() =>
            void getAppSync()
              .sync('manual')
              .catch(() => {})
          }
        >
          {t('feed.retry')}
        </Button>
      </FeedMessage>
    )
  else if (skeleton) content = <FeedSkeletonGrid />
  // While the device's database answers (a few ms): the grid's space, past the fold, so the footer never comes into
  // view and leaves again (an empty-feed message before `hasListings` is known would do that: CLS).
  else if (
    rows === undefined ||
    hasListings === undefined ||
    (rows.length === 0 && (firstScreenPending || (hasListings && !narrowsFeed(filters))))
  )
    // The last cases: index.html's request for this first page is being stored; the device has listings but the
    // page's own query has not re-read them yet (just synced).
    content = painted ? <FeedSkeletonGrid /> : <div className="min-h-screen" aria-busy="true" />
  else if (rows.length > 0)
    content = <FeedGrid rows={rows} now={now} viewerId={viewerId} favourites={favourites} onToggleLike={onToggleLike} />
  else if (!online && !hasListings) content = <FeedMessage title={t('feed.offline')} hint={t('feed.offlineEmpty')} />
  else if (filters.query && isDefaultFilters(filters) && !filters.category)
    content = (
      <FeedMessage title={t('feed.emptySearch', { query: filters.query })} hint={t('feed.emptySearchHint')}>
        <Button variant="outline" onClick={() => change({})}>
          {t('feed.clearSearch')}
        </Button>
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
      <CategoryBar
        value={filters.category}
        onChange={(category: Category | undefined) => change({ ...filters, category })}
      />
      {/* Phones: the sort on its own row from the start, so the item count arriving never wraps it (CLS). */}
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <Button variant="outline" onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
            <svg
              viewBox="0 0 24 24"
              className="h-5 w-5"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
            </svg>
            {activeCount > 0 ? t('feed.filterButtonCount', { count: activeCount }) : t('shop.filterButton')}
          </Button>
          <p className="text-sm text-stone-700" aria-live="polite">
            {itemCountText(total)}
          </p>
        </div>
        <SortSelect value={sort} onChange={(s) => setView({ ...view, sort: s, page: 1 })} />
      </div>
      {deviceNote && onDevice !== undefined && (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {deviceNoteText(deviceNote, onDevice)}
        </p>
      )}
      {filters.query && (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-lg font-semibold text-stone-900">{t('feed.searchResults', { query: filters.query })}</p>
          <Button
            variant="ghost"
            size="sm"
            className="h-11 underline underline-offset-4"
            onClick={() => change({ ...filters, query: undefined })}
          >
            {t('feed.clearSearch')}
          </Button>
        </div>
      )}
      <AppliedFilters
        filters={{ ...filters, category: undefined }}
        onChange={(f) => change({ ...f, category: filters.category })}
        onReset={resetFilters}
      />
      <NewListingsNotice onShow={() => goToPage(1)} />
      {content}
      {rows && rows.length > 0 && total !== undefined && <PaginationNav pagination={pagination} onPage={goToPage} />}
      <FilterSheet open={sheetOpen} filters={filters} onClose={() => setSheetOpen(false)} onApply={apply} />
    </div>
  )
}
