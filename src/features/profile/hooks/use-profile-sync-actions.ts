import { useCallback } from 'react'
import { getAppSync } from '@/data'

/** Retry or discard the profile edit the server refused (the mirror returns to the server's version on discard). */
export function useProfileSyncActions(userId: string): { retry: () => void; discard: () => void } {
  const retry = useCallback(
    () =>
      void getAppSync()
        .retry(`profile:${userId}`)
        .catch(() => {}),
    [userId],
  )
  const discard = useCallback(
    () =>
      void getAppSync()
        .discard(`profile:${userId}`)
        .catch(() => {}),
    [userId],
  )
  return { retry, discard }
}
