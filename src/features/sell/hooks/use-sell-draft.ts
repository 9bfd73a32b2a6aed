import { useLiveQuery } from 'dexie-react-hooks'
import {
  currentSellDraft,
  sellDraft,
  unfinishedDrafts,
  useDatabase,
  type SellDraft,
  type UnfinishedDraft,
} from '@/data'

/** The new-listing form in progress: undefined while loading, null when there is none yet. */
export function useCurrentSellDraft(): SellDraft | null | undefined {
  const db = useDatabase()
  return useLiveQuery(() => currentSellDraft(db), [db])
}

/** One draft (edit drafts): undefined while loading, null when absent. */
export function useSellDraft(draftId: string): SellDraft | null | undefined {
  const db = useDatabase()
  return useLiveQuery(() => sellDraft(db, draftId), [db, draftId])
}

/** Earlier unfinished listings the sell pages offer to continue. */
export function useUnfinishedDrafts(): UnfinishedDraft[] | undefined {
  const db = useDatabase()
  return useLiveQuery(() => unfinishedDrafts(db), [db])
}
