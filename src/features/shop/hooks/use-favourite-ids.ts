import { useLiveQuery } from 'dexie-react-hooks'
import { favouriteIdSet, useDatabase } from '@/data'

const NONE: ReadonlySet<string> = new Set()

/** The listings this device holds as favourites (the hearts on the cards). */
export function useFavouriteIds(): ReadonlySet<string> {
  const db = useDatabase()
  return useLiveQuery(() => favouriteIdSet(db), [db]) ?? NONE
}
