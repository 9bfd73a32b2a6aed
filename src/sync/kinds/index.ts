/**
 * Every outbox kind's module, and the order a drain pass sends them in: a listing's photos before its save (P1),
 * a conversation before its messages; then profile edits, the screens' operations and the push subscription.
 */
import type { OutboxKind } from '@/db/rows'
import { conversationCreate } from './conversation-create'
import { conversationRead } from './conversation-read'
import { favouriteSet } from './favourite-set'
import type { OutboxKindModule } from './kind'
import { listingDelete } from './listing-delete'
import { listingSave } from './listing-save'
import { messageSend } from './message-send'
import { photoUpload } from './photo-upload'
import { profilePicture } from './profile-picture'
import { profileUpdate } from './profile-update'
import { pushSubscription } from './push-subscription'

export type { KindDeps, OutboxKindModule, Unit } from './kind'

export const OUTBOX_KINDS: readonly OutboxKindModule[] = [
  photoUpload, listingSave, conversationCreate, messageSend, profileUpdate, listingDelete, favouriteSet, profilePicture, conversationRead,
  pushSubscription,
]

/** Which module sends an entry kind. Entries queued by the old two-step protocol drain as listing saves (A1). */
const BY_KIND: Record<OutboxKind, OutboxKindModule> = {
  'photo.upload': photoUpload,
  'listing.upsert': listingSave,
  'images.replace': listingSave,
  'conversation.create': conversationCreate,
  'message.send': messageSend,
  'profile.update': profileUpdate,
  'listing.delete': listingDelete,
  'favourite.set': favouriteSet,
  'profile.picture': profilePicture,
  'conversation.read': conversationRead,
  'push.subscription': pushSubscription,
}

export const kindOf = (kind: OutboxKind): OutboxKindModule => BY_KIND[kind]
