import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import { TOASTS } from '@/domain/toasts'
import { renderToast, validationErrorToast } from '@/i18n'
import { retryFailed, useWriteContext } from '@/data'
import { toast } from '@/ui/toast/toast-store'
import { publishDraft } from './publish-draft'

/**
 * "Save Changes" (docs/product.md §2.10 edit, §7.2 edit save, §8): the same check and normalisation as publishing, one local
 * transaction, then home. Offline it queues like every write. A listing the server refused is sent again with the
 * fix at once (the seller fixed it and saved: that is the retry).
 */
export function useSaveEdit(listingId: string, wasRefused: boolean, onInvalid: () => void) {
  const { db, userId, now, poke } = useWriteContext()
  const navigate = useNavigate()
  const [saving, setSaving] = useState(false)
  const save = async (draftId: string, beforeSave: () => Promise<void>) => {
    if (!userId) return
    setSaving(true)
    try {
      await beforeSave()
      const r = await publishDraft(db, userId, draftId, now())
      if (!r.ok) {
        toast(validationErrorToast(r.messages))
        onInvalid()
        return
      }
      if (wasRefused) await retryFailed(db, `listing:${listingId}`)
      poke()
      toast(renderToast(TOASTS.listingUpdated))
      void navigate(paths.home)
    } catch (e) {
      console.error('edit save failed', e)
      toast(renderToast(TOASTS.editSaveFailed))
    } finally {
      setSaving(false)
    }
  }
  return { save, saving }
}
