/**
 * The user's writes, local first (docs/architecture.md §1 rule 2): each is one Dexie rw transaction that changes the mirror
 * rows (marked pending) and appends the outbox entries that will carry the change to the server. Ids are client
 * UUIDs and photo paths are deterministic, so every entry can be sent again without effect.
 */
import Dexie from 'dexie'
import type { KreisDatabase } from '@/db/database'
import { cardFields, freshestSellerName } from '@/db/card-fields'
import { conversationFor } from '@/db/repositories/inbox'
import { favouriteCardOf } from '@/db/repositories/favourites'
import { refreshSellerCards } from '@/db/repositories/mirror'
import type {
  ConversationRow,
  ImageWrite,
  ListingImageRow,
  ListingRow,
  MessageRow,
  OutboxEntry,
  OutboxGroup,
  OutboxOp,
  PushSubscriptionWrite,
  PhotoBlobRow,
} from '@/db/rows'
import { requestPersistenceOnce } from '@/db/storage-errors'
import type { StoredSyncFailure } from '@/domain/errors'
import type { ListingFields } from '@/domain/listing-fields'
import { nullIfBlank } from '@/domain/validation'
import { cardImagePath } from '@/domain/photos'
import { issueEditStamp } from './edit-stamps'
import { traceHop } from './trace'

const newId = (): string => crypto.randomUUID()
const iso = (ms: number): string => new Date(ms).toISOString()

/** A listing row never acknowledged by the server has no server timestamp yet. */
export const NOT_ON_SERVER = ''

function entry(group: OutboxGroup, op: OutboxOp, now: number): OutboxEntry {
  return { group, op, queued_at: now, state: 'queued', attempts: 0, not_before: 0 }
}

/**
 * The error of a refused entry the group is waiting behind, if any: a new write to that entity queues behind it
 * and shows the same failure until the user retries or discards it (then it goes or stays with the rest).
 */
async function blockedBy(db: KreisDatabase, group: OutboxGroup): Promise<StoredSyncFailure | undefined> {
  return (await db.outbox.where('group').equals(group).filter((e) => e.state === 'failed').first())?.error
}

/** A row's sync fields for a new local write to `group`. */
async function writeState(db: KreisDatabase, group: OutboxGroup): Promise<{ sync_state: 'pending' | 'failed'; sync_error?: StoredSyncFailure }> {
  const error = await blockedBy(db, group)
  return error === undefined ? { sync_state: 'pending' } : { sync_state: 'failed', sync_error: error }
}

export type { ListingFields }

export type ImageInput =
  /** A photo already on the server (kept in an edit) or an http URL. */
  | { id: string; image_url: string }
  /** A new compressed photo awaiting upload, with its card image (uploaded beside it: domain/photos.ts cardImagePath). */
  | { id?: string; blob: Blob; content_type: string; ext: string; card?: Blob }

export interface SaveListingInput {
  /** Absent for a new listing. */
  id?: string
  fields: ListingFields
  /** In display order. */
  images: ImageInput[]
}

export const photoPath = (userId: string, listingId: string, imageId: string, ext: string): string =>
  `${userId}/${listingId}/${imageId}.${ext.replace(/^\./, '').toLowerCase()}`

/**
 * The listing's check (its zod schema, domain/listing-fields.ts) loads with the first listing write, not with the
 * data layer every page starts (its module set-up was a long task after a cold page's first paint). Dexie.waitFor:
 * a caller's transaction (the sell flow's publish) stays open meanwhile; IndexedDB commits one that waits on
 * anything but itself.
 */
const listingCheck = () => Dexie.waitFor(import('@/domain/listing-fields').then((m) => m.checkListingWrite))

/**
 * Creates or edits a listing with its photos. Returns the listing id. A listing the server would refuse (its
 * schema, domain/listing-fields.ts) is not written: InvalidListingError names the columns.
 */
export async function saveListing(db: KreisDatabase, userId: string, input: SaveListingInput, now: number): Promise<string> {
  const checkListingWrite = await listingCheck()
  const id = input.id ?? newId()
  const group: OutboxGroup = `listing:${id}`
  await db.transaction('rw', [db.listings, db.listing_images, db.photo_blobs, db.outbox, db.my_profile, db.profiles, db.meta], async () => {
    const existing = await db.listings.get(id)
    // The edit's stamp: later than every stamp of this device, and than its own unsent edit this one replaces.
    const editedAt = await issueEditStamp(db, now, [existing && existing.sync_state !== 'synced' ? existing.edited_at : null])
    // Only the listing's columns (callers may pass a whole mirror row as fields), checked as the server would.
    const write = checkListingWrite({ ...input.fields, id, user_id: userId, status: existing?.status ?? 'active', edited_at: editedAt })
    const images: ImageWrite[] = []
    const blobs: PhotoBlobRow[] = []
    input.images.forEach((img, i) => {
      if ('blob' in img) {
        const imageId = img.id ?? newId()
        const path = photoPath(userId, id, imageId, img.ext)
        blobs.push({ id: imageId, listing_id: id, blob: img.blob, content_type: img.content_type, path, uploaded: false })
        const cardPath = img.card ? cardImagePath(path) : null
        if (img.card && cardPath) blobs.push({ id: `${imageId}.card`, listing_id: id, blob: img.card, content_type: img.card.type || img.content_type, path: cardPath, uploaded: false })
        images.push({ id: imageId, listing_id: id, image_url: path, image_order: i + 1 })
      } else {
        images.push({ id: img.id, listing_id: id, image_url: img.image_url, image_order: i + 1 })
      }
    })
    const seller = freshestSellerName(await db.my_profile.get(userId), await db.profiles.get(userId))
    const row: ListingRow = {
      ...write,
      created_at: existing?.created_at ?? iso(now),
      updated_at: existing?.updated_at ?? NOT_ON_SERVER,
      ...(await writeState(db, group)),
      ...cardFields(images[0]?.image_url ?? null, seller),
    }
    const before = await db.listing_images.where('[listing_id+image_order]').between([id, Dexie.minKey], [id, Dexie.maxKey]).toArray()
    const imagesChanged =
      before.length !== images.length ||
      before.some((b, i) => b.id !== images[i]!.id || b.image_url !== images[i]!.image_url || b.image_order !== images[i]!.image_order)

    // The seller fixes a listing the server refused: its queued full-state upserts carry the fix (they would be
    // collapsed into it anyway), so that a retry sends the fix instead of the refused version.
    if (row.sync_state === 'failed') {
      await db.outbox.where('group').equals(group).modify((e) => {
        if (e.op.kind === 'listing.upsert') e.op = { kind: 'listing.upsert', listing: write }
      })
    }
    await db.listings.put(row)
    const ops: OutboxOp[] = blobs.map((b) => ({ kind: 'photo.upload', photo_id: b.id, path: b.path, content_type: b.content_type }))
    ops.push({ kind: 'listing.upsert', listing: write })
    if (imagesChanged) {
      await db.listing_images.bulkDelete(before.map((b) => b.id))
      await db.listing_images.bulkPut(
        images.map((img): ListingImageRow => ({ ...img, created_at: iso(now), updated_at: NOT_ON_SERVER, sync_state: 'pending' })),
      )
      await db.photo_blobs.bulkPut(blobs)
      ops.push({ kind: 'images.replace', listing_id: id, images, edited_at: write.edited_at })
    }
    await db.outbox.bulkAdd(ops.map((op) => entry(group, op, now)))
  })
  void requestPersistenceOnce()
  return id
}

/** Marks an own listing sold (or active again): an edit carrying the full new state. */
export async function setListingStatus(db: KreisDatabase, listingId: string, status: ListingRow['status'], now: number): Promise<void> {
  const checkListingWrite = await listingCheck()
  await db.transaction('rw', [db.listings, db.outbox, db.meta], async () => {
    const row = await db.listings.get(listingId)
    if (!row) throw new Error(`unknown listing ${listingId}`)
    const editedAt = await issueEditStamp(db, now, [row.sync_state !== 'synced' ? row.edited_at : null])
    const next: ListingRow = { ...row, status, edited_at: editedAt, sync_error: undefined, ...(await writeState(db, `listing:${listingId}`)) }
    await db.listings.put(next)
    await db.outbox.add(entry(`listing:${listingId}`, { kind: 'listing.upsert', listing: checkListingWrite(next) }, now))
  })
  void requestPersistenceOnce()
}

export interface SendMessageInput {
  listingId: string
  sellerId: string
  /** The buyer of the conversation (the sender unless the seller answers). */
  buyerId: string
  senderId: string
  content: string
  messageId?: string
  /** The id of the conversation, if this message has to create it (default: a new UUID). */
  newConversationId?: string
}

/** Queues a message, creating the conversation first when the device knows none. Returns the message id. */
export async function sendMessage(db: KreisDatabase, input: SendMessageInput, now: number): Promise<string> {
  const content = input.content.trim()
  if (!content) throw new Error('empty message')
  const messageId = input.messageId ?? newId()
  await db.transaction('rw', [db.conversations, db.messages, db.outbox], async () => {
    let conversation = await conversationFor(db, input.listingId, input.buyerId)
    const entries: OutboxEntry[] = []
    if (!conversation) {
      conversation = {
        id: input.newConversationId ?? newId(), listing_id: input.listingId, buyer_id: input.buyerId, seller_id: input.sellerId,
        last_message_at: iso(now), created_at: iso(now), updated_at: NOT_ON_SERVER, sync_state: 'pending',
      } satisfies ConversationRow
      const { id, listing_id, buyer_id, seller_id } = conversation
      entries.push(entry(`conversation:${id}`, { kind: 'conversation.create', conversation: { id, listing_id, buyer_id, seller_id } }, now))
    }
    const receiverId = input.senderId === input.buyerId ? input.sellerId : input.buyerId
    const message: MessageRow = {
      id: messageId, conversation_id: conversation.id, listing_id: input.listingId, sender_id: input.senderId,
      receiver_id: receiverId, content, created_at: iso(now), updated_at: NOT_ON_SERVER, ...(await writeState(db, `conversation:${conversation.id}`)),
    }
    // A known conversation is left as the server has it (its last_message_at moves when the message arrives).
    if (conversation.sync_state !== 'synced') await db.conversations.put(conversation)
    await db.messages.put(message)
    const { id, conversation_id, listing_id, sender_id, receiver_id } = message
    entries.push(entry(`conversation:${conversation.id}`, { kind: 'message.send', message: { id, conversation_id, listing_id, sender_id, receiver_id, content } }, now))
    await db.outbox.bulkAdd(entries)
  })
  traceHop('local-write', [messageId])
  void requestPersistenceOnce()
  return messageId
}

export interface ProfileFields {
  first_name: string | null
  last_name: string | null
  location: string | null
}

/** Edits the own profile (docs/product.md §5: empty values become null). */
export async function updateMyProfile(db: KreisDatabase, userId: string, fields: ProfileFields, now: number): Promise<void> {
  const write = { id: userId, first_name: nullIfBlank(fields.first_name), last_name: nullIfBlank(fields.last_name), location: nullIfBlank(fields.location) }
  await db.transaction('rw', [db.my_profile, db.profiles, db.listings, db.outbox, db.meta], async () => {
    const edit = { ...write, edited_at: await issueEditStamp(db, now) }
    const row = await db.my_profile.get(userId)
    if (row) await db.my_profile.put({ ...row, ...write, sync_state: 'pending', sync_error: undefined })
    await db.outbox.add(entry(`profile:${userId}`, { kind: 'profile.update', profile: edit }, now))
    await refreshSellerCards(db, userId) // the user's own cards show the new name at once
  })
  void requestPersistenceOnce()
}

// ---- The screens' writes: favourites, deleting a listing, the profile picture, read marks (their kinds in kinds/ send them) ----

/**
 * Toggles a favourite on the device; signed in (`userId`), the change also goes to the user's account, so it
 * follows them to their other devices. Returns whether the listing is now a favourite.
 */
export async function toggleFavourite(db: KreisDatabase, userId: string | null, listingId: string, now: number): Promise<boolean> {
  return db.transaction('rw', [db.favourites, db.listings, db.outbox, db.meta], async () => {
    const existing = await db.favourites.get(listingId)
    if (existing) await db.favourites.delete(listingId)
    else {
      const listing = await db.listings.get(listingId)
      await db.favourites.put({
        listing_id: listingId, created_at: now, ...(userId ? { user_id: userId } : {}), ...(listing ? { card: favouriteCardOf(listing) } : {}),
      })
    }
    if (userId) {
      const op: OutboxOp = { kind: 'favourite.set', user_id: userId, listing_id: listingId, favourite: !existing, created_at: iso(existing?.created_at ?? now), edited_at: await issueEditStamp(db, now) }
      await db.outbox.add(entry(`favourite:${listingId}`, op, now))
    }
    return !existing
  })
}

/**
 * Adds (subscribed) or removes this browser's Web Push subscription on the user's account, through the outbox like
 * every write: subscribing offline reaches the server on the next connection. Consecutive changes of one endpoint
 * go as the last.
 */
export async function setPushSubscription(db: KreisDatabase, subscription: PushSubscriptionWrite, subscribed: boolean, now: number): Promise<void> {
  const op: OutboxOp = { kind: 'push.subscription', subscription: { ...subscription }, subscribed }
  await db.outbox.add(entry(`push:${subscription.endpoint}`, op, now))
}

const isStoragePath = (url: string): boolean => url !== '' && !/^https?:\/\//i.test(url)

/**
 * Deletes an own listing: gone from the device at once (with its photos, unsent edits, conversations and their
 * unsent messages), and queued for the server, which deletes the row, its image rows and its files. Favourites of
 * it stay (the favourites page shows it as no longer available).
 */
export async function deleteListing(db: KreisDatabase, listingId: string, now: number): Promise<void> {
  const group: OutboxGroup = `listing:${listingId}`
  const tables = [db.listings, db.listing_images, db.photo_blobs, db.outbox, db.conversations, db.messages]
  await db.transaction('rw', tables, async () => {
    const images = await db.listing_images.where('listing_id').equals(listingId).toArray()
    const blobs = await db.photo_blobs.where('listing_id').equals(listingId).toArray()
    const queued = await db.outbox.where('group').equals(group).toArray()
    const paths = new Set([...images.map((i) => i.image_url), ...blobs.map((b) => b.path)])
    for (const e of queued) {
      if (e.op.kind === 'photo.upload') paths.add(e.op.path)
      if (e.op.kind === 'images.replace') for (const i of e.op.images) paths.add(i.image_url)
      if (e.op.kind === 'listing.delete') for (const p of e.op.paths) paths.add(p)
    }
    await db.outbox.where('group').equals(group).delete()
    await db.photo_blobs.where('listing_id').equals(listingId).delete()
    await db.listing_images.bulkDelete(images.map((i) => i.id))
    await db.listings.delete(listingId)
    // The server deletes the listing's conversations and messages with it (foreign keys on delete cascade).
    const conversations = await db.conversations.where('[listing_id+buyer_id]').between([listingId, Dexie.minKey], [listingId, Dexie.maxKey]).primaryKeys()
    for (const id of conversations) await db.outbox.where('group').anyOf(`conversation:${id}`, `read:${id}`).delete()
    await db.conversations.bulkDelete(conversations)
    await db.messages.where('listing_id').equals(listingId).delete()
    await db.outbox.add(entry(group, { kind: 'listing.delete', listing_id: listingId, paths: [...paths].filter(isStoragePath).sort() }, now))
  })
  void requestPersistenceOnce()
}

/** Where a profile picture is stored in bucket listing-images (the user's own folder, as storage RLS requires). */
export function profilePicturePath(userId: string, photoId: string, contentType: string): string {
  const ext: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }
  return `${userId}/profile/${photoId}.${ext[contentType] ?? 'jpg'}`
}

/** The photo_blobs `listing_id` under which a user's unsent profile pictures wait. */
export const profilePictureOwner = (userId: string): string => `profile:${userId}`

/**
 * Sets the own profile picture: kept on the device until uploaded (image-url.ts shows it meanwhile), then
 * uploaded and set on the profile through the outbox. Returns the storage path now on the own profile row.
 */
export async function setProfilePicture(db: KreisDatabase, userId: string, blob: Blob, contentType: string, now: number): Promise<string> {
  const photoId = newId()
  const path = profilePicturePath(userId, photoId, contentType)
  await db.transaction('rw', [db.my_profile, db.photo_blobs, db.outbox, db.meta], async () => {
    const editedAt = await issueEditStamp(db, now)
    await db.photo_blobs.put({ id: photoId, listing_id: profilePictureOwner(userId), blob, content_type: contentType, path, uploaded: false })
    const row = await db.my_profile.get(userId)
    if (row) await db.my_profile.put({ ...row, profile_picture_url: path, sync_state: 'pending', sync_error: undefined })
    await db.outbox.add(entry(`profile:${userId}`, { kind: 'profile.picture', user_id: userId, photo_id: photoId, path, content_type: contentType, edited_at: editedAt }, now))
  })
  void requestPersistenceOnce()
  return path
}

/**
 * Marks a conversation read by `userId` up to its newest message received (server time, so device clocks do not
 * matter). The mark is kept on the server, so it follows the user to other devices. Does nothing when there is
 * nothing new to mark.
 */
export async function markConversationRead(db: KreisDatabase, userId: string, conversationId: string, now: number): Promise<void> {
  await db.transaction('rw', [db.conversations, db.messages, db.outbox], async () => {
    const c = await db.conversations.get(conversationId)
    if (!c) return
    const column = c.buyer_id === userId ? 'buyer_last_read_at' : c.seller_id === userId ? 'seller_last_read_at' : null
    if (!column) return
    const received = await db.messages
      .where('[conversation_id+created_at]')
      .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
      .reverse() // the newest first: a long thread is not read whole for its last received message
      .filter((m) => m.receiver_id === userId && m.sync_state === 'synced')
      .first()
    if (!received) return
    const current = c[column] ?? null
    if (current !== null && current >= received.created_at) return
    await db.conversations.update(conversationId, { [column]: received.created_at })
    // A group of its own (`read:`), so a refused message of the conversation does not hold it back (P1).
    await db.outbox.add(entry(`read:${conversationId}`, { kind: 'conversation.read', read_at: received.created_at }, now))
  })
}
