import { useCallback, useEffect, useState } from 'react'
import { refreshPlan, useDatabase, type CallOutcome } from '@/data'
import { TOASTS } from '@/domain/toasts'
import { renderToast } from '@/i18n'
import { toast } from '@/ui/toast/toast-store'

export type RefreshState = 'idle' | 'refreshing' | 'failed'

/**
 * Fetches the plan (own profile and payments) when the page opens online and when the connection returns; a
 * refusal shows the docs/product.md §8 "Error loading subscription data" toast. No answer (offline) is not an error: the page
 * shows what the device has.
 */
export function usePlanRefresh(
  userId: string | null | undefined,
  online: boolean,
): { state: RefreshState; retry: () => void } {
  const db = useDatabase()
  const [attempt, setAttempt] = useState(0)
  const [done, setDone] = useState<{ key: string; outcome: CallOutcome } | null>(null)
  const key = userId && online ? `${userId}#${attempt}` : null
  useEffect(() => {
    if (!key || !userId) return
    let live = true
    void refreshPlan(db, userId)
      .catch((): CallOutcome => 'failed')
      .then((outcome) => {
        if (!live) return
        setDone({ key, outcome })
        if (outcome === 'failed') toast(renderToast(TOASTS.subscriptionLoadFailed))
      })
    return () => {
      live = false
    }
  }, [db, key, userId])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const state: RefreshState = key && done?.key !== key ? 'refreshing' : done?.outcome === 'failed' ? 'failed' : 'idle'
  return { state, retry }
}
