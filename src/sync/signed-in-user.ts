/**
 * The signed-in user as the app sees it, offline included: read from supabase-js's cached session (no network),
 * with the user's own profile from the mirror. The device's data belongs to one user: when another user signs in,
 * the previous user's mirror is cleared first, but their unsent writes, photos and drafts are kept aside for them
 * (never dropped without the owner's word) until they sign in again. Signing out with unsent writes needs the
 * user's confirmation.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import type { KreisDatabase } from '@/db/database'
import { getDatabase } from '@/db/database'
import { clearListingNotices } from '@/db/repositories/listing-notices'
import { messagesOf } from '@/db/repositories/mirror'
import type {
  ConversationRow,
  DraftPhotoRow,
  DraftRow,
  ListingImageRow,
  ListingRow,
  MessageRow,
  MyProfileRow,
  OutboxEntry,
  PhotoBlobRow,
} from '@/db/rows'
import { PARKED_PREFIX, unsentCount } from './outbox'
import { deviceOwner, OWNER_KEY } from './device-owner'
import { RECENT_LISTINGS_KEY } from '@/db/window-eviction'

export type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; userId: string; email: string | null }

export const sessionStore = createStore<SessionState>(() => ({ status: 'loading' }))

export function useSession<T>(select: (s: SessionState) => T): T {
  return useStore(sessionStore, select)
}

/** What an account left unsent on the device when another account signed in. */
export interface ParkedWrites {
  outbox: OutboxEntry[]
  photo_blobs: PhotoBlobRow[]
  drafts: DraftRow[]
  draft_photos: DraftPhotoRow[]
  /**
   * The mirror rows that show those writes (the listing and its photos, the new conversation, the unsent messages,
   * the edited profile), so that once back they are on screen as pending or failed, as before, until the server's
   * answer settles them. Absent in what older versions kept aside.
   */
  rows?: UnsentRows
}

export interface UnsentRows {
  listings: ListingRow[]
  listing_images: ListingImageRow[]
  conversations: ConversationRow[]
  messages: MessageRow[]
  my_profile: MyProfileRow[]
}

/** The mirror rows of the entities the queued entries write (only rows this device has not synced). */
async function unsentRows(db: KreisDatabase, outbox: readonly OutboxEntry[]): Promise<UnsentRows> {
  const ids = (kind: string) => [
    ...new Set(outbox.filter((e) => e.group.startsWith(`${kind}:`)).map((e) => e.group.slice(kind.length + 1))),
  ]
  const unsent = <T extends { sync_state: string }>(rows: (T | undefined)[]) =>
    rows.filter((r): r is T => r !== undefined && r.sync_state !== 'synced')
  const listings = unsent(await db.listings.bulkGet(ids('listing')))
  const listingIds = new Set(listings.map((l) => l.id))
  const conversationIds = ids('conversation')
  const messages = await Promise.all(conversationIds.map((id) => messagesOf(db, id).toArray()))
  return {
    listings,
    listing_images: listingIds.size
      ? await db.listing_images.filter((i) => listingIds.has(i.listing_id)).toArray()
      : [],
    conversations: unsent(await db.conversations.bulkGet(conversationIds)),
    messages: unsent(messages.flat()),
    my_profile: unsent(await db.my_profile.bulkGet(ids('profile'))),
  }
}

/** What was kept aside before, with what is kept now: a row kept again replaces its older copy (a listing, its photos). */
function mergeRows(before: UnsentRows | undefined, now: UnsentRows): UnsentRows {
  if (!before) return now
  const newer = <T extends { id: string }>(old: T[], rows: T[]) => {
    const ids = new Set(rows.map((r) => r.id))
    return [...old.filter((r) => !ids.has(r.id)), ...rows]
  }
  const relisted = new Set(now.listings.map((l) => l.id))
  return {
    listings: newer(before.listings, now.listings),
    listing_images: [...before.listing_images.filter((i) => !relisted.has(i.listing_id)), ...now.listing_images],
    conversations: newer(before.conversations, now.conversations),
    messages: newer(before.messages, now.messages),
    my_profile: newer(before.my_profile, now.my_profile),
  }
}

/**
 * Makes the device's data that of `userId`. When another user owned it, that user's mirror is cleared, and their
 * unsent writes (outbox, with the photos they upload) and drafts are put aside for them: nothing of theirs is sent
 * with this account's token, shown to this account, or dropped. When `userId` had writes put aside, they come
 * back and are sent. Returns whether the owner changed. A session that ends without Sign Out does the same for
 * its owner (endSession).
 */
export async function adoptOwner(db: KreisDatabase, userId: string): Promise<boolean> {
  return db.transaction(
    'rw',
    [...db.mirrorTables, db.outbox, db.photo_blobs, db.drafts, db.draft_photos, db.meta, db.favourites],
    async () => {
      const owner = await deviceOwner(db)
      if (owner === userId) return false
      if (owner !== undefined) {
        await park(db, owner)
        await clearUserData(db)
      }
      await unpark(db, userId)
      await db.meta.put({ key: OWNER_KEY, value: userId })
      return owner !== undefined
    },
  )
}

async function park(db: KreisDatabase, owner: string): Promise<void> {
  const [outbox, photo_blobs, drafts, draft_photos] = await Promise.all([
    db.outbox.orderBy(':id').toArray(),
    db.photo_blobs.toArray(),
    db.drafts.toArray(),
    db.draft_photos.toArray(),
  ])
  if (!outbox.length && !drafts.length) return
  const key = PARKED_PREFIX + owner
  const before = (await db.meta.get(key))?.value as ParkedWrites | undefined
  const parked: ParkedWrites = {
    outbox: [...(before?.outbox ?? []), ...outbox.map(({ seq: _seq, ...e }) => e)],
    photo_blobs: [...(before?.photo_blobs ?? []), ...photo_blobs],
    drafts: [...(before?.drafts ?? []), ...drafts],
    draft_photos: [...(before?.draft_photos ?? []), ...draft_photos],
    rows: mergeRows(before?.rows, await unsentRows(db, outbox)),
  }
  await db.meta.put({ key, value: parked })
}

/** Puts `userId`'s writes kept aside back in the outbox (after any queued now, in their own order). */
async function unpark(db: KreisDatabase, userId: string): Promise<void> {
  const key = PARKED_PREFIX + userId
  const parked = (await db.meta.get(key))?.value as ParkedWrites | undefined
  if (!parked) return
  await db.outbox.bulkAdd(parked.outbox)
  await db.photo_blobs.bulkPut(parked.photo_blobs)
  await db.drafts.bulkPut(parked.drafts)
  await db.draft_photos.bulkPut(parked.draft_photos)
  if (parked.rows) {
    await db.listings.bulkPut(parked.rows.listings)
    await db.listing_images.bulkPut(parked.rows.listing_images)
    await db.conversations.bulkPut(parked.rows.conversations)
    await db.messages.bulkPut(parked.rows.messages)
    await db.my_profile.bulkPut(parked.rows.my_profile)
  }
  await db.meta.delete(key)
}

/**
 * Removes everything of the signed-in user from the device (call inside or outside a transaction). Writes other
 * accounts left (kept aside in meta) stay: they are not this user's to drop.
 */
export async function clearUserData(db: KreisDatabase): Promise<void> {
  const tables = [...db.mirrorTables, db.outbox, db.photo_blobs, db.drafts, db.draft_photos]
  await db.transaction('rw', [...tables, db.meta, db.favourites], async () => {
    await Promise.all(tables.map((t) => t.clear()))
    // The account's favourites are the user's (they come back from the server at the next sign-in); a visitor's stay.
    await db.favourites.filter((f) => f.user_id !== undefined).delete()
    // What the user opened is private too (it says what they looked at); the window no longer keeps those listings.
    await db.meta.delete(RECENT_LISTINGS_KEY)
    await clearListingNotices(db) // they name the account's listings
    await db.meta.put({ key: OWNER_KEY, value: null }) // nobody's now: a pull still on its way stores nothing
  })
}

/**
 * The session ended without this device's Sign Out: "sign out everywhere" on another device, a revoked refresh
 * token, a session the server no longer knows. The owner's private rows (messages, conversations, their profile and
 * e-mail, the mirror) leave the device as on Sign Out; their unsent writes, photos and drafts are put aside for them,
 * as when another account signs in: never shown or sent as anyone else, back when they sign in again. A device
 * that holds nobody's data (a visitor, after Sign Out) is left as it is.
 */
export async function endSession(db: KreisDatabase): Promise<void> {
  await db.transaction(
    'rw',
    [...db.mirrorTables, db.outbox, db.photo_blobs, db.drafts, db.draft_photos, db.meta, db.favourites],
    async () => {
      const owner = await deviceOwner(db)
      if (!owner) return
      await park(db, owner)
      await clearUserData(db)
    },
  )
}

/** While the Sign Out button's own sign-out runs: its "signed out" event is not a session ended elsewhere. */
let signingOut = false

/** What an auth change means for the device: a user adopts it; no user ends the session (endSession). */
export async function applyAuthUser(
  db: KreisDatabase,
  user: { userId: string; email: string | null } | null,
): Promise<void> {
  if (!user) {
    if (!signingOut) await endSession(db)
    sessionStore.setState({ status: 'signed-out' }, true)
    return
  }
  await adoptOwner(db, user.userId)
  sessionStore.setState({ status: 'signed-in', userId: user.userId, email: user.email }, true)
}

let started: Promise<void> | null = null

/**
 * Reads the cached session (works offline) and follows auth changes. Idempotent once it has succeeded. A start that
 * failed (a first visit whose network dropped before the auth code arrived, docs/decisions.md#D-chunk-retry) is not
 * kept: it is tried again when the browser is back online, so the header does not wait for a reload.
 */
export function initSession(db: KreisDatabase = getDatabase()): Promise<void> {
  started ??= (async () => {
    const auth = await import('@/remote/auth')
    await applyAuthUser(db, await auth.currentSession())
    auth.onAuthChange((user) => void applyAuthUser(db, user))
  })().catch((error: unknown) => {
    started = null
    globalThis.window?.addEventListener('online', () => void initSession(db).catch(() => {}), { once: true })
    throw error
  })
  return started
}

export type SignOutResult =
  { signedOut: true } | { signedOut: false; unsentWrites: number } | { signedOut: false; message: string }

/**
 * Signs out. With unsent writes and no `confirmed`, nothing happens and the count comes back so the UI can ask
 * ("N changes are not synced yet and will be lost").
 */
export async function signOutUser(
  opts: { confirmed?: boolean } = {},
  db: KreisDatabase = getDatabase(),
): Promise<SignOutResult> {
  const unsent = await unsentCount(db)
  if (unsent > 0 && !opts.confirmed) return { signedOut: false, unsentWrites: unsent }
  const state = sessionStore.getState()
  const userId = state.status === 'signed-in' ? state.userId : undefined
  await (await import('./push-notifications/device-subscription')).removePushOnSignOut(db, userId).catch(() => {})
  const auth = await import('@/remote/auth')
  signingOut = true
  try {
    const r = await auth.signOut()
    if (!r.ok) return { signedOut: false, message: r.message }
    await clearUserData(db)
  } finally {
    signingOut = false
  }
  sessionStore.setState({ status: 'signed-out' }, true)
  return { signedOut: true }
}
