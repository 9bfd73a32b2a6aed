/** Inbox reads: conversations by latest message, and a thread's messages in order. */
import Dexie from 'dexie'
import type { KreisDatabase } from '../database'
import type { ConversationRow, MessageRow } from '../rows'

/** The user's conversations, the one with the newest message first (never-messaged ones last). */
export async function inbox(db: KreisDatabase): Promise<ConversationRow[]> {
  const withMessages = await db.conversations.orderBy('last_message_at').reverse().toArray()
  // Rows whose last_message_at is null are not in the index; they are rare (a conversation is created with its
  // first message), so a cheap filter over the small table finds them.
  const without = await db.conversations.filter((c) => c.last_message_at === null).toArray()
  return [...withMessages, ...without]
}

/** A conversation's messages, oldest first. */
export function thread(db: KreisDatabase, conversationId: string): Promise<MessageRow[]> {
  return db.messages
    .where('[conversation_id+created_at]')
    .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
    .toArray()
}

/**
 * The conversation a new message about this listing joins. The device may briefly hold two: one it opened itself
 * that the server has not acknowledged yet, and the server's own, opened first by another device of the buyer
 * and pulled since. The message joins the unacknowledged one, behind the messages already queued there, so the
 * buyer's messages reach the server in the order written; acknowledging it moves them all to the server's id.
 */
export async function conversationFor(db: KreisDatabase, listingId: string, buyerId: string): Promise<ConversationRow | undefined> {
  const both = await db.conversations.where('[listing_id+buyer_id]').equals([listingId, buyerId]).toArray()
  return both.find((c) => c.sync_state !== 'synced') ?? both[0]
}
