import { useCallback, useState } from 'react'
import { sendMessage, useWriteContext, type ConversationRow } from '@/data'
import { TOASTS } from '@/domain/toasts'
import { renderToast } from '@/i18n'
import { toast } from '@/ui/toast/toast-store'

/** Who a message goes to: the listing and its two sides (a conversation, or the one a first message opens). */
export type MessageTo = Pick<ConversationRow, 'listing_id' | 'buyer_id' | 'seller_id'>

export interface UseSendMessage {
  /**
   * Queues the message on the device (works offline) and pokes the sync engine; resolves to the new message's id,
   * or null when nothing was written. `to` may be a check run first, at the moment of sending, that answers null to
   * refuse (it says why itself); a write that fails says so with the docs/product.md §8 toast.
   */
  send(to: MessageTo | (() => Promise<MessageTo | null>), content: string): Promise<string | null>
  /** A send is under way (its check included): the screen disables Send, so one press sends once. */
  sending: boolean
}

/**
 * Sending a message, for the thread's composer and the item page's Message Seller: one local write (the
 * conversation found or opened, then the message queued, docs/product.md §4); the engine delivers it exactly once.
 */
export function useSendMessage(): UseSendMessage {
  const { db, userId, now, poke } = useWriteContext()
  const [sending, setSending] = useState(false)
  const send = useCallback(
    async (to: MessageTo | (() => Promise<MessageTo | null>), content: string) => {
      if (!userId) return null
      setSending(true)
      try {
        const c = typeof to === 'function' ? await to() : to
        if (!c) return null
        const id = await sendMessage(
          db,
          { listingId: c.listing_id, sellerId: c.seller_id, buyerId: c.buyer_id, senderId: userId, content },
          now(),
        )
        poke()
        return id
      } catch {
        toast(renderToast(TOASTS.messageSendFailed))
        return null
      } finally {
        setSending(false)
      }
    },
    [db, userId, now, poke],
  )
  return { send, sending }
}
