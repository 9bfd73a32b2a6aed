import { useEffect, useState } from 'react'
import type { FollowedTable, KreisDatabase } from '@/data'

/** How long a change waits before a deferred query reads again (changes meanwhile share that read). */
export const DEFERRED_QUERY_DELAY_MS = 200

/**
 * Like `useLiveQuery`, but a change to `tables` re-reads after `delayMs` (one read for every change in that
 * time) instead of at once. For what is on screen beside a live thread — the inbox
 * list, the header's unread count, the toast watcher: an arriving message re-runs only the open thread's query
 * at once, and these follow a moment later, so they do not compete with the thread's render (docs/decisions.md#D-message-budget).
 * Changes from other tabs count too (the database's row change notices carry them). undefined until the first read.
 */
export function useDeferredLiveQuery<T>(
  db: KreisDatabase,
  tables: readonly FollowedTable[],
  querier: () => Promise<T>,
  deps: readonly unknown[],
  delayMs = DEFERRED_QUERY_DELAY_MS,
): T | undefined {
  const [state, setState] = useState<{ deps: readonly unknown[]; value: T } | undefined>(undefined)
  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | null = null
    let generation = 0
    const read = () => {
      const mine = ++generation
      // Not one transaction around the querier: its small reads each take their own, so a write that comes
      // meanwhile (the next message) waits for one read, not for the whole query.
      querier().then(
        (value) => {
          if (!stopped && mine === generation) setState({ deps, value })
        },
        () => {
          // the querier handles its own errors (it returns its error value); a closed database reads nothing
        },
      )
    }
    const onChange = () => {
      if (stopped || timer !== null) return
      timer = setTimeout(() => {
        timer = null
        if (!stopped) read()
      }, delayMs)
    }
    const unsubscribes = tables.map((table) => db.rowChanges.subscribe(table, onChange))
    read()
    return () => {
      stopped = true
      if (timer !== null) clearTimeout(timer)
      for (const unsubscribe of unsubscribes) unsubscribe()
    }
    // The caller's deps name what the querier depends on (as with useLiveQuery).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, delayMs, tables.join(','), ...deps])
  // A value read for other deps (the user changed) is not shown.
  return state && state.deps.length === deps.length && state.deps.every((d, i) => Object.is(d, deps[i]))
    ? state.value
    : undefined
}
