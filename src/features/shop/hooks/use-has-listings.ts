import { useLiveQuery } from 'dexie-react-hooks'
import { hasActiveListings, useDatabase } from '@/data'

/** Whether the device holds any listing yet; undefined while it reads. */
export function useHasListings(): boolean | undefined {
  const db = useDatabase()
  return useLiveQuery(() => hasActiveListings(db), [db])
}
