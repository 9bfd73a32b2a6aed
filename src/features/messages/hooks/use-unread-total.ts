import { unreadTotal, useDatabase, useUserId } from '@/data'
import { useDeferredLiveQuery } from './use-deferred-live-query'

/**
 * Unread messages over all the signed-in user's conversations (0 when signed out); the header's badge. It follows
 * the mirror a moment after a change (deferred: an open thread renders an arriving message first).
 */
export function useUnreadTotal(): number {
  const db = useDatabase()
  const userId = useUserId()
  return (
    useDeferredLiveQuery(db, ['conversations', 'messages'], async () => (userId ? unreadTotal(db, userId) : 0), [
      userId,
    ]) ?? 0
  )
}
