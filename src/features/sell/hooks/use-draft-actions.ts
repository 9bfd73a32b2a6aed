/** The sell form's writes to its draft (device only; nothing here reaches the network). */
import { useMemo } from 'react'
import { deleteDraft, orderSellDraftPhotos, resumeDraft, startNewDraft, updateDraftFields, useDatabase } from '@/data'
import type { DetailsFormValues } from '@/domain/listing-form'
import { forgetBlobUrl } from '../photos/photo-src'

export function useDraftActions() {
  const db = useDatabase()
  return useMemo(
    () => ({
      start: () => startNewDraft(db, Date.now()),
      resume: (draftId: string) => resumeDraft(db, draftId, Date.now()),
      discard: (draftId: string) => deleteDraft(db, draftId),
      saveValues: (draftId: string, values: DetailsFormValues) =>
        updateDraftFields(db, draftId, { ...values }, Date.now()),
      reorder: (draftId: string, ids: string[]) => orderSellDraftPhotos(db, draftId, ids, Date.now()),
      remove: async (draftId: string, ids: string[], removed: string) => {
        await orderSellDraftPhotos(
          db,
          draftId,
          ids.filter((id) => id !== removed),
          Date.now(),
        )
        forgetBlobUrl(removed)
        forgetBlobUrl(`${removed}.card`)
      },
    }),
    [db],
  )
}
