import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { requestServerPage, serverPageView, useDatabase, type ServerPageOutcome, type ServerPageView } from '@/data'
import type { FeedFilters } from '@/domain/feed-filters'
import type { FeedSort } from '@/domain/feed-query'
import { isPlainFeed, searchPageKey } from '@/domain/search-query'

/**
 * Who answers the shop's page:
 * - window: the plain newest-first feed's first page, which the device's mirror holds;
 * - server: the server's answer over the whole catalogue, stored in the mirror and read from it (`view`);
 * - waiting: the server is being asked and has not answered this question before;
 * - offline / unavailable / unreachable: the device's mirror answers (offline; the server gave no answer; a deep page
 *   opened with no known cursor, so the server was not asked: its pages go by cursor from the page before).
 */
export type ShopAnswer =
  | { source: 'window' }
  | { source: 'server'; view: ServerPageView }
  | { source: 'waiting' }
  | { source: 'offline' }
  | { source: 'unavailable' }
  | { source: 'unreachable' }

/** Asks the server each time the question changes or the network returns, and reads its stored answer live. */
export function useServerAnswer(filters: FeedFilters, sort: FeedSort, page: number, online: boolean): ShopAnswer {
  const db = useDatabase()
  const plain = isPlainFeed(filters, sort) && page === 1
  const key = searchPageKey(filters, sort, page)
  const [outcomes, setOutcomes] = useState<Readonly<Record<string, ServerPageOutcome>>>({})
  const stored = useLiveQuery(() => (plain ? null : serverPageView(db, key)), [db, key, plain])
  const filtersKey = JSON.stringify(filters)
  useEffect(() => {
    if (plain || !online) return
    let live = true
    void requestServerPage(filters, sort, page, db).then((outcome) => {
      if (live) setOutcomes((o) => ({ ...o, [key]: outcome }))
    })
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the question (filters, sort, page)
  }, [db, key, filtersKey, plain, online])
  if (plain) return { source: 'window' }
  if (!online) return { source: 'offline' }
  const outcome = outcomes[key]
  // An earlier answer to the same question shows while it is asked again (and after a failed ask, until the
  // next one: the device's answer then shows with its note).
  if (outcome === 'failed') return { source: 'unavailable' }
  if (outcome === 'unreachable') return { source: 'unreachable' }
  if (stored) return { source: 'server', view: stored }
  return { source: 'waiting' }
}
