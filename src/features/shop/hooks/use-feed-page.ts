import { useLiveQuery } from 'dexie-react-hooks'
import { feedPage, useDatabase, type ListingRow } from '@/data'
import type { FeedFilters } from '@/domain/feed-filters'
import type { FeedSort } from '@/domain/feed-query'

/** One page of the feed from the mirror (live: follows sync and local writes); undefined while it loads. */
export function useFeedPage(filters: FeedFilters, sort: FeedSort, page: number): ListingRow[] | undefined {
  const db = useDatabase()
  const key = JSON.stringify(filters)
  return useLiveQuery(() => feedPage(db, filters, page, sort), [db, key, sort, page])
}
