import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import { TOASTS } from '@/domain/toasts'
import { renderToast, validationErrorToast } from '@/i18n'
import { useWriteContext } from '@/data'
import { toast } from '@/ui/toast/toast-store'
import { publishDraft } from './publish-draft'

/** "Publish Listing" (docs/product.md §2.10, §8 sell flow): check, write locally, poke the sync engine, go to the success page at once. */
export function usePublish() {
  const { db, userId, now, poke } = useWriteContext()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const publish = async (draftId: string) => {
    if (!userId) {
      toast(renderToast(TOASTS.sellAuthRequired))
      return
    }
    setBusy(true)
    try {
      const r = await publishDraft(db, userId, draftId, now())
      if (!r.ok) {
        toast(validationErrorToast(r.messages))
        void navigate(paths.sellDetails)
        return
      }
      poke()
      toast(renderToast(TOASTS.listingCreated))
      void navigate(paths.sellSuccess(r.listingId))
    } catch (e) {
      console.error('publish failed', e)
      toast(renderToast(TOASTS.unexpectedListingError))
    } finally {
      setBusy(false)
    }
  }
  return { publish, busy }
}
