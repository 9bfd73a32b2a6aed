import { useEffect, useSyncExternalStore } from 'react'
import { lastReadAt, markConversationRead, useWriteContext, type ConversationRow, type MessageRow } from '@/data'
import { unreadCount } from '@/domain/inbox-view'

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}

/** Whether the page is on screen (a thread in a background tab is not being read). */
function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  )
}

/** How long received messages are on screen before the read mark is written (a burst shares one mark). */
export const MARK_READ_DELAY_MS = 500

/**
 * While a thread is on screen, its received messages count as read: the read mark is written to the conversation
 * (server-kept, per participant, through the outbox), so the unread count drops on the user's other devices too.
 */
export function useMarkRead(
  conversation: ConversationRow | undefined,
  messages: readonly MessageRow[] | undefined,
): void {
  const { db, userId, now, poke } = useWriteContext()
  const visible = useDocumentVisible()
  const unread =
    conversation && messages && userId ? unreadCount(messages, userId, lastReadAt(conversation, userId)) : 0
  const hasUnread = unread > 0
  const id = conversation?.id
  // Not at once: messages streaming in share one read mark (each mark is a write, a push and a realtime echo on
  // both sides, which would compete with the next message's arrival). The timer is not restarted by later
  // messages; the mark covers every received message in the mirror when it fires.
  useEffect(() => {
    if (!id || !userId || !hasUnread || !visible) return
    const timer = setTimeout(
      () => void markConversationRead(db, userId, id, now()).then(poke, () => {}),
      MARK_READ_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [db, id, userId, hasUnread, visible, now, poke])
}
