import { useEffect, useSyncExternalStore } from 'react'
import type { ConversationRow, MessageRow } from '@/db/rows'
import { lastReadAt } from '@/db/repositories/inbox'
import { unreadCount } from '@/domain/inbox-view'
import { markConversationRead } from '@/sync/local-writes'
import { useWriteContext } from '@/sync/use-session-user'

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}

/** Whether the page is on screen (a thread in a background tab is not being read). */
function useDocumentVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => document.visibilityState !== 'hidden', () => true)
}

/**
 * While a thread is on screen, its received messages count as read: the read mark is written to the conversation
 * (server-kept, per participant, through the outbox), so the unread count drops on the user's other devices too.
 */
export function useMarkRead(conversation: ConversationRow | undefined, messages: readonly MessageRow[] | undefined): void {
  const { db, userId, now, poke } = useWriteContext()
  const visible = useDocumentVisible()
  const unread = conversation && messages && userId ? unreadCount(messages, userId, lastReadAt(conversation, userId)) : 0
  const id = conversation?.id
  useEffect(() => {
    if (!id || !userId || unread === 0 || !visible) return
    void markConversationRead(db, userId, id, now()).then(poke, () => {})
  }, [db, id, userId, unread, visible, now, poke])
}
