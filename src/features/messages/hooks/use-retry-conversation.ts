import { useCallback } from 'react'
import { retryFailed, useWriteContext } from '@/data'

/** Sends a conversation's refused messages again (the user pressed Retry). */
export function useRetryConversation(): (conversationId: string) => Promise<void> {
  const { db, poke } = useWriteContext()
  return useCallback(
    async (conversationId: string) => {
      await retryFailed(db, `conversation:${conversationId}`)
      poke()
    },
    [db, poke],
  )
}
