import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { feedViewFromParams, feedViewToParams, type FeedView } from '@/domain/feed-query'

/**
 * The shop's view (filters, search, sort, page) as the query string holds it. Every change is a new history
 * entry, so Back returns to the view before; reload and a shared link restore it.
 */
export function useFeedView(): [FeedView, (next: FeedView) => void] {
  const [params, setParams] = useSearchParams()
  const key = params.toString()
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const view = useMemo(() => feedViewFromParams(params), [key])
  const setView = useCallback((next: FeedView) => setParams(feedViewToParams(next)), [setParams])
  return [view, setView]
}
