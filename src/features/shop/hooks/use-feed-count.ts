import { useLiveQuery } from 'dexie-react-hooks'
import { feedCount, useDatabase } from '@/data'
import type { FeedFilters } from '@/domain/feed-filters'

/** How many listings the filters match (the item count, the page list, the filter sheet's count). */
export function useFeedCount(filters: FeedFilters): number | undefined {
  const db = useDatabase()
  const key = JSON.stringify(filters)
  return useLiveQuery(() => feedCount(db, filters), [db, key])
}
