import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase } from '@/db/database-context'
import { currentSellDraft, sellDraft, unfinishedDrafts, type SellDraft, type UnfinishedDraft } from '@/db/repositories/drafts'

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
