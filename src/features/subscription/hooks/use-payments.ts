import { useLiveQuery } from 'dexie-react-hooks'
import { cachedPayments, useDatabase, type CachedPayments } from '@/data'

/** The payments list last fetched on this device: undefined while it loads, null if never fetched. */
export function usePayments(userId: string | null | undefined): CachedPayments | null | undefined {
  const db = useDatabase()
  return useLiveQuery(async () => (userId ? cachedPayments(db, userId) : undefined), [db, userId])
}
