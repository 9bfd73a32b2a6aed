import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase } from '@/db/database-context'
import { unreadTotal } from '@/db/repositories/inbox'
import { useUserId } from '@/sync/use-session-user'

/** Unread messages over all the signed-in user's conversations (0 when signed out); the header's badge. */
export function useUnreadTotal(): number {
  const db = useDatabase()
  const userId = useUserId()
  return useLiveQuery(() => (userId ? unreadTotal(db, userId) : 0), [db, userId]) ?? 0
}
