/** Inbox reads: conversations by latest message, and a thread's messages in order. */
import Dexie from 'dexie'
import type { KreisDatabase } from '../database'
import type { ConversationRow, ListingRow, MessageRow, ProfileRow } from '../rows'

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
export async function conversationFor(
  db: KreisDatabase,
  listingId: string,
  buyerId: string,
): Promise<ConversationRow | undefined> {
  const both = await db.conversations.where('[listing_id+buyer_id]').equals([listingId, buyerId]).toArray()
  return both.find((c) => c.sync_state !== 'synced') ?? both[0]
}

// ---- Reads of the messages screens (features/messages, the Message Seller dialog) ----

/** The user's read mark on a conversation (server-kept, per participant), or null when never read. */
export function lastReadAt(c: ConversationRow, userId: string): string | null {
  if (c.buyer_id === userId) return c.buyer_last_read_at ?? null
  if (c.seller_id === userId) return c.seller_last_read_at ?? null
  return null
}

/** A conversation's newest message (a queued one included). */
export function latestMessage(db: KreisDatabase, conversationId: string): Promise<MessageRow | undefined> {
  return db.messages
    .where('[conversation_id+created_at]')
    .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
    .last()
}

/** Messages to `userId` written after their read mark (the screen counts them as unread). */
export function receivedSinceRead(db: KreisDatabase, c: ConversationRow, userId: string): Promise<MessageRow[]> {
  const since = lastReadAt(c, userId)
  return db.messages
    .where('[conversation_id+created_at]')
    .between([c.id, since ?? Dexie.minKey], [c.id, Dexie.maxKey], since === null, true)
    .filter((m) => m.receiver_id === userId)
    .toArray()
}

export interface InboxEntry {
  conversation: ConversationRow
  /** Absent when the device does not hold the listing (yet). */
  listing: ListingRow | undefined
  /** The other participant's public profile, when known. */
  counterpart: ProfileRow | undefined
  latest: MessageRow | undefined
  /** Messages to the user after their read mark. */
  unread: MessageRow[]
}

/** One inbox row per conversation of the user: listing, other person, newest message and unread messages. */
export async function inboxEntries(db: KreisDatabase, userId: string): Promise<InboxEntry[]> {
  const conversations = await inbox(db)
  return Promise.all(
    conversations.map(async (conversation) => {
      const other = conversation.buyer_id === userId ? conversation.seller_id : conversation.buyer_id
      const [listing, counterpart, latest, unread] = await Promise.all([
        db.listings.get(conversation.listing_id),
        db.profiles.get(other),
        latestMessage(db, conversation.id),
        receivedSinceRead(db, conversation, userId),
      ])
      return { conversation, listing, counterpart, latest, unread }
    }),
  )
}

/** The unread messages of all the user's conversations (the header's count). */
export async function unreadTotal(db: KreisDatabase, userId: string): Promise<number> {
  const conversations = await db.conversations.toArray()
  const counts = await Promise.all(conversations.map(async (c) => (await receivedSinceRead(db, c, userId)).length))
  return counts.reduce((a, b) => a + b, 0)
}

export interface ThreadData {
  conversation: ConversationRow
  listing: ListingRow | undefined
  counterpart: ProfileRow | undefined
  messages: MessageRow[]
}

/** One conversation with what its thread shows; undefined when the device does not have it. */
export async function threadData(
  db: KreisDatabase,
  conversationId: string,
  userId: string,
): Promise<ThreadData | undefined> {
  const conversation = await db.conversations.get(conversationId)
  if (!conversation) return undefined
  const other = conversation.buyer_id === userId ? conversation.seller_id : conversation.buyer_id
  const [listing, counterpart, messages] = await Promise.all([
    db.listings.get(conversation.listing_id),
    db.profiles.get(other),
    thread(db, conversationId),
  ])
  return { conversation, listing, counterpart, messages }
}

/** The newest message of each of the user's conversations and the user's read marks (what the live toast watches). */
export async function latestPerConversation(
  db: KreisDatabase,
  userId: string,
): Promise<{ latest: MessageRow[]; readMarks: Map<string, string | null> }> {
  const conversations = await db.conversations.toArray()
  const latest = await Promise.all(conversations.map((c) => latestMessage(db, c.id)))
  return {
    latest: latest.filter((m): m is MessageRow => m !== undefined),
    readMarks: new Map(conversations.map((c) => [c.id, lastReadAt(c, userId)])),
  }
}

/** Unread messages per conversation of the user (conversations with none are left out). */
export async function unreadCounts(db: KreisDatabase, userId: string): Promise<Map<string, number>> {
  const conversations = await db.conversations.toArray()
  const counts = await Promise.all(
    conversations.map(async (c) => [c.id, (await receivedSinceRead(db, c, userId)).length] as const),
  )
  return new Map(counts.filter(([, n]) => n > 0))
}
