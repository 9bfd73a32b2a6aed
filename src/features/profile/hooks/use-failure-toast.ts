import { useEffect, useRef } from 'react'
import type { SyncState } from '@/data'
import { profileUpdateFailureToast } from '@/domain/errors'
import { renderToast } from '@/i18n'
import { toast } from '@/ui/toast/toast-store'

/**
 * The docs/product.md §8 "Error updating profile" toast when the server refuses a sent edit (pending → failed while on
 * screen), with the words the page shows for the refusal (`message`, already in the catalogue's language).
 */
export function useFailureToast(state: SyncState | undefined, message: string | undefined): void {
  const previous = useRef(state)
  useEffect(() => {
    if (previous.current !== 'pending' || state !== 'failed') {
      previous.current = state
      return
    }
    const shown = renderToast(profileUpdateFailureToast({ message: null }))
    toast(message?.trim() ? { ...shown, description: message } : shown)
    previous.current = state
  }, [state, message])
}
