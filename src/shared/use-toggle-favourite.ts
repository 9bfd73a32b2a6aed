import { useCallback } from 'react'
import { favoriteToast } from '@/domain/toasts'
import { useFavouriteToggle } from '@/data'
import { renderToast } from '@/i18n'
import { toast } from '@/ui/toast/toast-store'

/**
 * The heart, for every screen with one (shop, favourites, item): toggles the favourite on the device (src/data) and
 * confirms with the docs/product.md §8 toast and the listing's title.
 */
export function useToggleFavourite(): (listingId: string, title: string) => Promise<void> {
  const toggle = useFavouriteToggle()
  return useCallback(
    async (listingId, title) => {
      toast(renderToast(favoriteToast(await toggle(listingId), title)))
    },
    [toggle],
  )
}
