/**
 * The draft a create step works on. Arriving with the "clear form" navigation state (Add Another Item) starts a
 * fresh one (docs/product.md §2.1); arriving with none at all starts one too.
 */
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import type { SellDraft } from '@/data'
import { useDraftActions } from './use-draft-actions'
import { useCurrentSellDraft } from './use-sell-draft'

export interface ClearFormState {
  clearForm?: boolean
}

export function useDraftForStep(): SellDraft | null | undefined {
  const sd = useCurrentSellDraft()
  const { start } = useDraftActions()
  const location = useLocation()
  const navigate = useNavigate()
  const clear = (location.state as ClearFormState | null)?.clearForm === true
  const starting = useRef(false)
  useEffect(() => {
    if (starting.current) return
    if (clear || sd === null) {
      starting.current = true
      void start().then(() => {
        starting.current = false
        if (clear) void navigate(location.pathname, { replace: true, state: null })
      })
    }
  }, [clear, sd, start, navigate, location.pathname])
  return clear ? undefined : sd
}
