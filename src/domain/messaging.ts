// Messaging rules (docs/product.md §2.7, §4 messaging, §5 messaging, §6 roles).
import { MESSAGE_TOAST_PREVIEW_CHARS } from './constants'
import type { Toast } from './message'
import { TOASTS, type ToastMessageKey } from './toasts'

/** The text to send: trimmed; null when nothing is left (an empty message is not sent). */
export function messageText(raw: string): string | null {
  const text = raw.trim()
  return text === '' ? null : text
}

/** The send button is disabled when the text is empty or a send is in progress. */
export const canSend = (raw: string, sending: boolean): boolean => !sending && messageText(raw) !== null

/** Enter sends, Shift+Enter inserts a newline; keys pressed while an IME composes text are left alone. */
export function composerKeyAction(e: {
  key: string
  shiftKey: boolean
  isComposing?: boolean
}): 'send' | 'newline' | 'none' {
  if (e.key !== 'Enter' || e.isComposing) return 'none'
  return e.shiftKey ? 'newline' : 'send'
}

/** The first 50 characters, counted as code points so an emoji is never cut in half. */
export const messagePreview = (content: string): string =>
  Array.from(content).slice(0, MESSAGE_TOAST_PREVIEW_CHARS).join('')

export const newMessageToast = (content: string): Toast<ToastMessageKey> => ({
  title: 'toast.newMessage',
  description: { text: messagePreview(content) },
})

export interface MessageableListing {
  readonly user_id: string
  readonly status: string
}

/** Why a user may not message about a listing, or null if they may: logged in, not their own, not sold. */
export type MessagingBlock = 'login' | 'own' | 'sold'
export function messagingBlock(userId: string | null | undefined, listing: MessageableListing): MessagingBlock | null {
  if (!userId) return 'login'
  if (listing.user_id === userId) return 'own'
  return listing.status === 'sold' ? 'sold' : null
}

export const canMessage = (userId: string | null | undefined, listing: MessageableListing): boolean =>
  messagingBlock(userId, listing) === null

/** The toast for a refused attempt; the owner never sees a message button, so "own" has none. */
export function messagingBlockToast(block: MessagingBlock): Toast<ToastMessageKey> | null {
  if (block === 'login') return TOASTS.messageLoginRequired
  return block === 'sold' ? TOASTS.itemSold : null
}

/** Why the Message Seller dialog refuses to send: a messaging block, or a listing the device cannot load. */
export type MessageSellerRefusal = MessagingBlock | 'missing'
export function messageSellerRefusal(
  userId: string | null | undefined,
  listing: MessageableListing | null | undefined,
): MessageSellerRefusal | null {
  if (!userId) return 'login'
  return listing ? messagingBlock(userId, listing) : 'missing'
}

/** The docs/product.md §8 toast of a refusal ("Item sold", "Unable to load listing details.", "Please log in"); none for one's own. */
export function messageSellerRefusalToast(refusal: MessageSellerRefusal): Toast<ToastMessageKey> | null {
  return refusal === 'missing' ? TOASTS.listingUnavailable : messagingBlockToast(refusal)
}

/** The item page's "Message Seller" button: only for a logged-in user who does not own the listing. */
export const showMessageSeller = (userId: string | null | undefined, sellerId: string): boolean =>
  !!userId && userId !== sellerId

/** Live messages are added only when the user is the sender or the receiver. */
export const involves = (m: { readonly sender_id: string; readonly receiver_id: string }, userId: string): boolean =>
  m.sender_id === userId || m.receiver_id === userId

/** The other participant of a conversation. */
export const counterpartId = (c: { readonly buyer_id: string; readonly seller_id: string }, userId: string): string =>
  c.buyer_id === userId ? c.seller_id : c.buyer_id
