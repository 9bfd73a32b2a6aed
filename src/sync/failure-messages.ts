/**
 * The user-facing message (spec §8) for a write the server rejected for good. Shown on the failed entity and in
 * the sync status.
 */
import type { OutboxOp } from '@/db/rows'
import type { Failure } from './protocol'

export const SYNC_MESSAGES = {
  createListingFailed: 'Failed to create listing. Please try again.',
  updateListingFailed: 'Failed to update listing. Please try again.',
  checkViolationGeneric: "Some listing details don't meet our requirements. Please check your selections.",
  sendMessageFailed: 'Failed to send message. Please try again.',
  profileUpdateFailed: 'Something went wrong. Please try again.',
} as const

function listingCheckMessage(f: Failure, listing: { condition: string; category: string }): string {
  const m = f.message.toLowerCase()
  if (m.includes('condition')) return `Invalid condition: "${listing.condition}". Please select a different condition.`
  if (m.includes('category')) return `Invalid category: "${listing.category}". Please select a different category.`
  return SYNC_MESSAGES.checkViolationGeneric
}

/** @param isNew whether the listing was never acknowledged by the server (create vs edit wording). */
export function failureMessage(op: OutboxOp, f: Failure, isNew: boolean): string {
  switch (op.kind) {
    case 'listing.upsert':
      if (f.reason === 'check_violation') return listingCheckMessage(f, op.listing)
      return isNew ? SYNC_MESSAGES.createListingFailed : SYNC_MESSAGES.updateListingFailed
    case 'photo.upload':
    case 'images.replace':
      return isNew ? SYNC_MESSAGES.createListingFailed : SYNC_MESSAGES.updateListingFailed
    case 'conversation.create':
    case 'message.send':
      return SYNC_MESSAGES.sendMessageFailed
    case 'profile.update':
      // Spec §8: "Error updating profile" with the server message, or the generic sentence.
      return f.message.trim() ? f.message : SYNC_MESSAGES.profileUpdateFailed
  }
}
