import { useCallback } from 'react'
import { favoriteToast } from '@/domain/toasts'
import { renderToast } from '@/i18n'
import { useFavouriteToggle } from '@/data'
import { toast } from '@/ui/toast/toast-store'

/** The heart: toggles the favourite (sync/use-session-user) and confirms with the docs/product.md §8 toast and the title. */
export function useToggleFavourite(): (listingId: string, title: string) => Promise<void> {
  const toggle = useFavouriteToggle()
  return useCallback(
    async (listingId, title) => {
      toast(renderToast(favoriteToast(await toggle(listingId), title)))
    },
    [toggle],
  )
}
