import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase } from '@/db/database-context'
import { feedPage } from '@/db/repositories/feed'
import type { ListingRow } from '@/db/rows'
import { HOME_GRID_MAX } from '@/domain/constants'

/** "Fresh from the Circle" (docs/product.md §2.2): the newest unsold listings of the mirror, at most 8; undefined while it reads. */
export function useFreshListings(): ListingRow[] | undefined {
  const db = useDatabase()
  return useLiveQuery(() => feedPage(db, {}, 1, 'newest', HOME_GRID_MAX), [db])
}
