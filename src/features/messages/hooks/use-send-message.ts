import { useCallback, useState } from 'react'
import { retryFailed, sendMessage, useWriteContext, type ConversationRow } from '@/data'
import { TOASTS } from '@/domain/toasts'
import { renderToast } from '@/i18n'
import { toast } from '@/ui/toast/toast-store'

export interface UseSendMessage {
  /** Queues the message locally (works offline) and pokes the sync engine; false when it could not be written. */
  send(conversation: Pick<ConversationRow, 'listing_id' | 'buyer_id' | 'seller_id'>, content: string): Promise<boolean>
  sending: boolean
}

/** Sends in a thread: one local write (message + outbox, docs/product.md §4), then the engine pushes it when it can. */
export function useSendMessage(): UseSendMessage {
  const { db, userId, now, poke } = useWriteContext()
  const [sending, setSending] = useState(false)
  const send = useCallback(
    async (c: Pick<ConversationRow, 'listing_id' | 'buyer_id' | 'seller_id'>, content: string) => {
      if (!userId) return false
      setSending(true)
      try {
        await sendMessage(db, { listingId: c.listing_id, sellerId: c.seller_id, buyerId: c.buyer_id, senderId: userId, content }, now())
        poke()
        return true
      } catch {
        toast(renderToast(TOASTS.messageSendFailed))
        return false
      } finally {
        setSending(false)
      }
    },
    [db, userId, now, poke],
  )
  return { send, sending }
}

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
