/**
 * The one registry of outbox kinds: every kind's module, in the order a drain pass sends them: a listing's photos
 * before its save (P1), a conversation before its messages; then profile edits, the screens' operations and the
 * push subscription. Each module names the entry kinds it sends, and holds the local write that queues them.
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
  photoUpload,
  listingSave,
  conversationCreate,
  messageSend,
  profileUpdate,
  listingDelete,
  favouriteSet,
  profilePicture,
  conversationRead,
  pushSubscription,
]

/** Which module sends an entry kind: each module names its own (`kinds`), so a new kind is one line above. */
const BY_KIND = new Map<OutboxKind, OutboxKindModule>(OUTBOX_KINDS.flatMap((m) => m.kinds.map((k) => [k, m] as const)))

export const kindOf = (kind: OutboxKind): OutboxKindModule => {
  const m = BY_KIND.get(kind)
  if (!m) throw new Error(`no outbox kind module sends ${kind}`)
  return m
}
