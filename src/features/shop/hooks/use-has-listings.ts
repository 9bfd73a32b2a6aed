import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase } from '@/db/database-context'
import { hasActiveListings } from '@/db/repositories/feed'

/** Whether the device holds any listing yet; undefined while it reads. */
export function useHasListings(): boolean | undefined {
  const db = useDatabase()
  return useLiveQuery(() => hasActiveListings(db), [db])
}
