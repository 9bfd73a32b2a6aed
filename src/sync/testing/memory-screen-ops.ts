/**
 * The memory server's side of the screens' operations (sync/screen-ops.ts), with the rules of the migrations
 * 20261123001100..001300: favourites are the caller's own rows; only the owner deletes a listing (its images,
 * conversations and messages go with it, a missing one is success); the profile picture is the caller's own;
 * a read mark is the caller's own column of a conversation they take part in, clamped to server time, never moved
 * back, and it leaves last_message_at alone.
 */
import type { ConversationRecord, FavoriteRecord, MyProfileRecord } from '@/db/records'
import type { PushSubscriptionWrite } from '@/db/rows'
import type { RealtimeChange, Result } from '../protocol'
import { editOrder, type EditStamp, type MemoryServer } from './memory-server'

const forbidden = (): Result<never> => ({
  ok: false,
  reason: 'forbidden',
  code: '42501',
  message: 'new row violates row-level security policy',
})
const okv = <T>(value: T): Result<T> => ({ ok: true, value })

export function favouritesOf(server: MemoryServer): Map<string, FavoriteRecord> {
  return server.favourites
}

const favouriteEdits = new WeakMap<MemoryServer, Map<string, EditStamp>>()

/** The server's favorite_edits: the winning edit time of each `${user_id} ${listing_id}`, set or cleared. */
function favouriteEditsOf(server: MemoryServer): Map<string, EditStamp> {
  let m = favouriteEdits.get(server)
  if (!m) favouriteEdits.set(server, (m = new Map()))
  return m
}

const pushSubscriptions = new WeakMap<MemoryServer, Map<string, PushSubscriptionWrite>>()

/** The server's push_subscriptions: one row per endpoint. */
export function pushSubscriptionsOf(server: MemoryServer): Map<string, PushSubscriptionWrite> {
  let m = pushSubscriptions.get(server)
  if (!m) pushSubscriptions.set(server, (m = new Map()))
  return m
}

/** An add replaces the endpoint's row, whoever it belonged to; a remove takes only the caller's own row. */
export function setPushSubscription(
  server: MemoryServer,
  me: string,
  s: PushSubscriptionWrite,
  subscribed: boolean,
): Result<void> {
  if (s.user_id !== me) return forbidden()
  const m = pushSubscriptionsOf(server)
  if (subscribed) m.set(s.endpoint, { ...s })
  else if (m.get(s.endpoint)?.user_id === me) m.delete(s.endpoint)
  server.commits++
  return okv(undefined)
}

const publish = (server: MemoryServer, change: RealtimeChange) =>
  (server as unknown as { publish(c: RealtimeChange): void }).publish(change)

/** RPC set_favourite (migration 20261127132000): the edit applies only when it is not older than the stored one (`editOrder`). */
export function setFavorite(
  server: MemoryServer,
  me: string,
  userId: string,
  listingId: string,
  favourite: boolean,
  createdAt: string,
  editedAt?: string,
): Result<void> {
  if (userId !== me) return forbidden()
  const m = favouritesOf(server)
  const key = `${me} ${listingId}`
  const edits = favouriteEditsOf(server)
  const stored = edits.get(key)
  const sent = editedAt ?? server.now()
  const order = editOrder(stored, sent, server.now())
  if (!order) {
    server.commits++
    return okv(undefined) // a stale toggle: the newer state stays
  }
  edits.set(key, { at: order.at, sent })
  // The favorites row is inserted or deleted only when the state changes; only then does its trigger signal the
  // user's devices (migration 20261127141500).
  const changes = favourite !== m.has(key)
  if (!favourite) m.delete(key)
  else if (!m.has(key))
    m.set(key, { user_id: me, listing_id: listingId, created_at: createdAt < server.now() ? createdAt : server.now() })
  server.commits++
  if (changes) server.signalUser(me, { table: 'favorites' })
  return okv(undefined)
}

export function pullFavorites(server: MemoryServer, me: string): FavoriteRecord[] {
  return [...favouritesOf(server).values()].filter((f) => f.user_id === me).map((f) => ({ ...f }))
}

export function deleteListing(server: MemoryServer, me: string, listingId: string, paths: string[]): Result<void> {
  const listing = server.listings.get(listingId)
  if (listing && listing.user_id !== me) return okv(undefined) // RLS: another's row is invisible, the delete touches nothing
  const files = new Set(paths)
  for (const [id, img] of server.images) {
    if (img.listing_id !== listingId) continue
    files.add(img.image_url)
    server.images.delete(id)
  }
  for (const p of files) if (p.startsWith(`${me}/`)) server.storage.delete(p)
  if (listing) {
    server.listings.delete(listingId)
    server.tombstones.set(listingId, listing.user_id)
    for (const [id, c] of server.conversations) if (c.listing_id === listingId) server.conversations.delete(id)
    for (const [id, msg] of server.messages) if (msg.listing_id === listingId) server.messages.delete(id)
    publish(server, { table: 'listings', deletedId: listingId })
  }
  server.commits++
  return okv(undefined)
}

/** Last edit by edited_at wins (the profiles trigger, `MemoryServer.profileEdit`), then the file the profile no longer shows goes. */
export function setProfilePicture(
  server: MemoryServer,
  me: string,
  userId: string,
  url: string,
  editedAt: string,
): Result<MyProfileRecord> {
  const row = server.profiles.get(userId)
  if (userId !== me || !row) return forbidden()
  const old = row.profile_picture_url
  const t = server.now()
  if (server.profileEdit(me, editedAt, t, url !== old) === null) {
    // A stale edit (or one that changes nothing): its own file is shown by no one.
    if (url !== old && url.startsWith(`${me}/`)) server.storage.delete(url)
    return okv(structuredClone(row))
  }
  const next = { ...row, profile_picture_url: url, updated_at: t }
  server.profiles.set(me, next)
  if (old && old !== url && old.startsWith(`${me}/`)) server.storage.delete(old)
  server.commits++
  return okv(structuredClone(next))
}

export function markConversationRead(
  server: MemoryServer,
  me: string,
  conversationId: string,
  readAt: string,
): Result<ConversationRecord | null> {
  const c = server.conversations.get(conversationId)
  if (!c || !server.canSeeConversation(me, c)) return okv(null)
  const column = c.buyer_id === me ? 'buyer_last_read_at' : 'seller_last_read_at'
  const t = server.now()
  const clamped = readAt < t ? readAt : t
  const current = c[column] ?? null
  if (current !== null && current >= clamped) return okv(structuredClone(c))
  const next: ConversationRecord = { ...c, [column]: clamped, updated_at: t }
  server.conversations.set(c.id, next)
  server.commits++
  publish(server, { table: 'conversations', row: next })
  return okv(structuredClone(next))
}
