import { useMemo } from 'react'
import { inboxEntries, useDatabase, type InboxEntry } from '@/data'
import { activityAt, byNewestActivity } from '@/domain/inbox-view'
import { useDeferredLiveQuery } from './use-deferred-live-query'

export interface InboxItem extends InboxEntry {
  readonly id: string
  /** When the conversation last moved (ms), for the newest-first order. */
  readonly activity: number
}

/**
 * The user's conversations from the mirror, newest activity first (docs/product.md §7.2 inbox): undefined while reading,
 * [] when there are none, 'error' when the device could not read them (docs/product.md §8 "Failed to load conversations"). Follows new messages live (realtime apply writes the mirror), a moment after the open thread.
 */
export function useInbox(userId: string | null | undefined): InboxItem[] | 'error' | undefined {
  const db = useDatabase()
  // Deferred: an arriving message re-reads the open thread at once and the list a moment later (one read for
  // a burst), so the list does not compete with the thread's render.
  const entries = useDeferredLiveQuery(
    db,
    ['conversations', 'messages', 'listings', 'profiles'],
    async (): Promise<InboxEntry[] | 'error'> => (userId ? inboxEntries(db, userId).catch((): 'error' => 'error') : []),
    [userId],
  )
  return useMemo(
    () =>
      entries === 'error' || entries === undefined
        ? entries
        : byNewestActivity(
            entries.map((e) => ({ ...e, id: e.conversation.id, activity: activityAt(e.conversation, e.latest) })),
          ),
    [entries],
  )
}
