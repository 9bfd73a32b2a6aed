import { useLiveQuery } from 'dexie-react-hooks'
import { feedPage, useDatabase, type ListingRow } from '@/data'
import { HOME_GRID_MAX } from '@/domain/constants'

/** "Fresh from the Circle" (docs/product.md §2.2): the newest unsold listings of the mirror, at most 8; undefined while it reads. */
export function useFreshListings(): ListingRow[] | undefined {
  const db = useDatabase()
  return useLiveQuery(() => feedPage(db, {}, 1, 'newest', HOME_GRID_MAX), [db])
}
