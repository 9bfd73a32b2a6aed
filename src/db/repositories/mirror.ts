/**
 * Writing server rows into the mirror, in bulk, one rw transaction per batch. Every function applies the rule of
 * ../reconcile.ts, so a row with unsent local edits is never overwritten by a pull or a realtime delivery.
 */
import Dexie from 'dexie'
import type { KreisDatabase } from '../database'
import type {
  ConversationRecord,
  ListingImageRecord,
  ListingRecord,
  MessageRecord,
  MyProfileRecord,
  PublicProfileRecord,
} from '../records'
import { acceptsServerRow } from '../reconcile'
import { cardFields, cardOf, coversByListing, freshestSellerName, type SellerName } from '../card-fields'
import type { ConversationRow, ListingImageRow, ListingRow } from '../rows'

export interface ListingBundle {
  listings: ListingRecord[]
  /** The complete image sets of those listings. */
  images: ListingImageRecord[]
  sellers: PublicProfileRecord[]
}

const synced = <T extends object>(r: T) => ({ ...r, sync_state: 'synced' as const })

/**
 * Puts listings with their card fields, replaces their image sets and refreshes their sellers. Returns the ids
 * accepted.
 *
 * Image sets are refreshed for every listing the mirror holds at this version or older, not only for listings
 * whose row is newer: a realtime update can carry a listing's row ahead of its images, and the pull's image set
 * must still land.
 */
export async function applyListingBundle(db: KreisDatabase, bundle: ListingBundle): Promise<string[]> {
  return db.transaction('rw', [db.listings, db.listing_images, db.profiles, db.my_profile], async () => {
    const locals = await db.listings.bulkGet(bundle.listings.map((r) => r.id))
    const accepted = bundle.listings.filter((r, i) => acceptsServerRow(locals[i], r))
    const current = bundle.listings.filter(
      (r, i) => !locals[i] || (locals[i].sync_state === 'synced' && r.updated_at >= locals[i].updated_at),
    )
    await putAccepted(db, accepted, bundle)
    await replaceImageSets(
      db,
      current.map((r) => r.id),
      bundle.images,
    )
    await applyProfiles(db, bundle.sellers)
    return accepted.map((r) => r.id)
  })
}

async function putAccepted(
  db: KreisDatabase,
  accepted: readonly ListingRecord[],
  bundle: ListingBundle,
): Promise<void> {
  const sellers = new Map<string, SellerName | undefined>(bundle.sellers.map((p) => [p.id, p]))
  const unknown = [...new Set(accepted.map((r) => r.user_id))].filter((id) => !sellers.has(id))
  for (const p of await db.profiles.bulkGet(unknown)) if (p) sellers.set(p.id, p)
  // The user's own listings: the own profile row may know a newer name than the public one.
  const mine = (await db.my_profile.toArray())[0]
  if (mine && accepted.some((r) => r.user_id === mine.id)) {
    const pub = bundle.sellers.find((p) => p.id === mine.id) ?? (await db.profiles.get(mine.id))
    sellers.set(mine.id, freshestSellerName(mine, pub))
  }
  const covers = coversByListing(bundle.images)
  await db.listings.bulkPut(
    accepted.map((r): ListingRow => ({
      ...synced(r),
      ...cardFields(covers.get(r.id) ?? null, sellers.get(r.user_id)),
    })),
  )
}

/**
 * Newer versions of listings the mirror already has (realtime): applied in place under the reconcile rule,
 * keeping their card fields (image changes arrive as their own events). Returns how many were not known.
 */
export async function applyKnownListings(db: KreisDatabase, rows: readonly ListingRecord[]): Promise<number> {
  return db.transaction('rw', db.listings, async () => {
    const locals = await db.listings.bulkGet(rows.map((r) => r.id))
    const updates: ListingRow[] = []
    rows.forEach((r, i) => {
      const local = locals[i]
      if (!local || !acceptsServerRow(local, r)) return
      updates.push({ ...synced(r), ...cardOf(local) })
    })
    await db.listings.bulkPut(updates)
    return locals.filter((l) => l === undefined).length
  })
}

/**
 * Makes the mirror's image rows of `listingIds` exactly the given images, writing only rows that changed, and
 * moves the listings' cover images along (call inside a transaction).
 */
export async function replaceImageSets(
  db: KreisDatabase,
  listingIds: readonly string[],
  images: readonly ListingImageRecord[],
): Promise<void> {
  if (listingIds.length === 0) return
  const ids = new Set(listingIds)
  const incoming = images.filter((img) => ids.has(img.listing_id))
  const existing = await db.listing_images
    .where('listing_id')
    .anyOf([...ids])
    .toArray()
  const byId = new Map(existing.map((img) => [img.id, img]))
  const keep = new Set(incoming.map((img) => img.id))
  await db.listing_images.bulkDelete(existing.filter((img) => !keep.has(img.id)).map((img) => img.id))
  await db.listing_images.bulkPut(
    incoming.filter((img) => !sameImage(byId.get(img.id), img)).map((img): ListingImageRow => synced(img)),
  )
  const covers = coversByListing(incoming)
  const stale = (await db.listings.bulkGet([...listingIds])).filter(
    (l) => l && l.cover_image_url !== (covers.get(l.id) ?? null),
  )
  for (const l of stale) await db.listings.update(l!.id, { cover_image_url: covers.get(l!.id) ?? null })
}

const sameImage = (local: ListingImageRow | undefined, remote: ListingImageRecord) =>
  local !== undefined &&
  local.sync_state === 'synced' &&
  local.updated_at === remote.updated_at &&
  local.image_order === remote.image_order &&
  local.image_url === remote.image_url

/**
 * Stores seller profiles (newer versions only) and renames the cards of a seller whose name changed, or of the
 * user when the public row first arrives (call inside a transaction over listings, profiles and my_profile).
 */
export async function applyProfiles(db: KreisDatabase, rows: readonly PublicProfileRecord[]): Promise<void> {
  if (rows.length === 0) return
  const locals = await db.profiles.bulkGet(rows.map((r) => r.id))
  const newer = rows.filter((r, i) => !locals[i] || r.updated_at > locals[i].updated_at)
  await db.profiles.bulkPut(newer)
  const me = (await db.my_profile.toCollection().primaryKeys())[0]
  for (const [i, r] of rows.entries()) {
    const was = locals[i]
    if (!newer.includes(r)) continue
    if (was ? was.first_name !== r.first_name || was.last_name !== r.last_name : r.id === me)
      await refreshSellerCards(db, r.id)
  }
}

/**
 * Puts the seller name this device knows best (card-fields.ts freshestSellerName) on every card of `userId` that
 * shows another (call inside a transaction over listings, profiles and my_profile).
 */
export async function refreshSellerCards(db: KreisDatabase, userId: string): Promise<void> {
  const [mine, pub] = await Promise.all([db.my_profile.get(userId), db.profiles.get(userId)])
  const name = freshestSellerName(mine, pub)
  if (!name) return
  await sellerListings(db, userId)
    .filter((l) => l.seller_first_name !== name.first_name || l.seller_last_name !== name.last_name)
    .modify({ seller_first_name: name.first_name, seller_last_name: name.last_name })
}

/** Every mirror row of one seller's listings. */
export const sellerListings = (db: KreisDatabase, userId: string) =>
  db.listings.where('[user_id+created_at]').between([userId, Dexie.minKey], [userId, Dexie.maxKey])

/** A conversation's messages, in time order. */
export const messagesOf = (db: KreisDatabase, conversationId: string) =>
  db.messages
    .where('[conversation_id+created_at]')
    .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])

/**
 * Stores conversations under the reconcile rule. Read marks only move forward, whichever side knows the later one:
 * a mark set here and not yet acknowledged survives a pull, and a mark from another device reaches a row that
 * waits for its own acknowledgement.
 */
export async function applyConversations(db: KreisDatabase, rows: readonly ConversationRecord[]): Promise<void> {
  await db.transaction('rw', db.conversations, async () => {
    const locals = await db.conversations.bulkGet(rows.map((r) => r.id))
    const puts: ConversationRow[] = []
    for (const [i, r] of rows.entries()) {
      const local = locals[i]
      const marks = laterReadMarks(local, r)
      if (acceptsServerRow(local, r)) puts.push({ ...synced(r), ...marks })
      else if (
        local &&
        (marks.buyer_last_read_at !== (local.buyer_last_read_at ?? null) ||
          marks.seller_last_read_at !== (local.seller_last_read_at ?? null))
      ) {
        puts.push({ ...local, ...marks })
      }
    }
    await db.conversations.bulkPut(puts)
  })
}

type ReadMarks = Required<Pick<ConversationRecord, 'buyer_last_read_at' | 'seller_last_read_at'>>

const laterIso = (a: string | null | undefined, b: string | null | undefined): string | null =>
  (a ?? null) === null ? (b ?? null) : (b ?? null) === null ? a! : a! > b! ? a! : b!

/** Each participant's later read mark of the two rows. */
export function laterReadMarks(local: Partial<ReadMarks> | undefined, remote: Partial<ReadMarks>): ReadMarks {
  return {
    buyer_last_read_at: laterIso(local?.buyer_last_read_at, remote.buyer_last_read_at),
    seller_last_read_at: laterIso(local?.seller_last_read_at, remote.seller_last_read_at),
  }
}

export async function applyMessages(db: KreisDatabase, rows: readonly MessageRecord[]): Promise<void> {
  await db.transaction('rw', db.messages, async () => {
    const locals = await db.messages.bulkGet(rows.map((r) => r.id))
    await db.messages.bulkPut(rows.filter((r, i) => acceptsServerRow(locals[i], r)).map(synced))
  })
}

export async function applyMyProfile(db: KreisDatabase, row: MyProfileRecord): Promise<void> {
  await db.transaction('rw', [db.my_profile, db.profiles, db.listings], async () => {
    if (acceptsServerRow(await db.my_profile.get(row.id), row)) await storeMyProfile(db, row)
  })
}

/**
 * Makes `row` the device's own profile, synced, and the user's cards follow its name (call inside a transaction
 * over my_profile, profiles and listings).
 */
export async function storeMyProfile(db: KreisDatabase, row: MyProfileRecord): Promise<void> {
  // A late answer never sets the row back: a synced row of a newer server version stays.
  const local = await db.my_profile.get(row.id)
  if (local?.sync_state === 'synced' && local.updated_at > row.updated_at) return
  await db.my_profile.clear()
  await db.my_profile.put(synced(row))
  await refreshSellerCards(db, row.id)
}

/**
 * Removes listings the server no longer shows this user (sold by someone else, deleted), with their images.
 * Rows with unsent local changes stay.
 */
export async function removeListingsNotIn(db: KreisDatabase, visibleIds: ReadonlySet<string>): Promise<number> {
  return db.transaction('rw', [db.listings, db.listing_images], async () => {
    // Only the few candidates are read: every key, then the rows of those the server no longer shows.
    const candidates = (await db.listings.toCollection().primaryKeys()).filter((id) => !visibleIds.has(id))
    const gone = (await db.listings.bulkGet(candidates)).filter((l) => l?.sync_state === 'synced').map((l) => l!.id)
    await db.listings.bulkDelete(gone)
    const images = (await db.listing_images.where('listing_id').anyOf(gone).primaryKeys()) as string[]
    await db.listing_images.bulkDelete(images)
    return gone.length
  })
}

/**
 * Drops synced conversations the server no longer shows the user (their listing was deleted, which deletes its
 * conversations and messages), with their synced messages. A conversation with unsent messages stays: its
 * messages fail visibly when sent.
 */
export async function removeConversationsNotIn(db: KreisDatabase, visibleIds: ReadonlySet<string>): Promise<number> {
  return db.transaction('rw', [db.conversations, db.messages], async () => {
    const candidates = (await db.conversations.toCollection().primaryKeys()).filter((id) => !visibleIds.has(id))
    const gone: string[] = []
    for (const c of await db.conversations.bulkGet(candidates)) {
      if (c?.sync_state !== 'synced') continue
      // A fresh collection each time: filter() narrows the collection it is called on.
      const messages = () =>
        db.messages.where('[conversation_id+created_at]').between([c.id, Dexie.minKey], [c.id, Dexie.maxKey])
      if (
        (await messages()
          .filter((m) => m.sync_state !== 'synced')
          .count()) > 0
      )
        continue
      await messages().delete()
      gone.push(c.id)
    }
    await db.conversations.bulkDelete(gone)
    // Messages whose conversation this device never held (realtime brought them alone) go too, unless unsent.
    const keys = (await db.messages.orderBy('[conversation_id+created_at]').keys()) as unknown as [string, string][]
    const held = new Set((await db.conversations.toCollection().primaryKeys()) as string[])
    const orphaned = [...new Set(keys.map((k) => k[0]))].filter((id) => !visibleIds.has(id) && !held.has(id))
    if (orphaned.length) {
      for (const id of orphaned) {
        await db.messages
          .where('[conversation_id+created_at]')
          .between([id, Dexie.minKey], [id, Dexie.maxKey])
          .filter((m) => m.sync_state === 'synced')
          .delete()
      }
    }
    return gone.length
  })
}

/** Removes one listing and its images from the mirror. */
export async function removeListing(db: KreisDatabase, id: string): Promise<void> {
  await db.transaction('rw', [db.listings, db.listing_images], async () => {
    await db.listings.delete(id)
    await db.listing_images.where('listing_id').equals(id).delete()
  })
}
