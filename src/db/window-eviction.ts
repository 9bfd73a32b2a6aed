/**
 * The device's window of the catalogue on the device (the rules: domain/listing-window.ts): what the user's
 * business is, eviction of what left the window, and the list of recently opened listings.
 * (repositories/window.ts runs them in the app's transactions; database.ts in the upgrade to version 3.)
 *
 * Eviction removes listing rows with their image rows and the photo files the device keeps of them that were
 * uploaded already; it never touches the outbox, drafts, favourites or a file still waiting to be uploaded.
 * The functions take a table source (the database, or the transaction of a schema upgrade), so the upgrade that
 * shrinks a device which mirrored everything runs the same code.
 */
import Dexie, { type Table } from 'dexie'
import { evictions, extraIds, type WindowCandidate, type WindowKeep } from '../domain/listing-window'
import { WINDOW_EXTRA_IDS_MAX } from '../config/window'
import type {
  ConversationRow,
  DraftRow,
  FavouriteRow,
  ListingImageRow,
  ListingRow,
  MetaRow,
  OutboxEntry,
  PhotoBlobRow,
  ServerPageRow,
} from './rows'

/** The meta row holding the recently opened listing ids, most recent first. */
export const RECENT_LISTINGS_KEY = 'recent-listings'
/** The meta row naming the account whose data the device holds (device-owner.ts). */
const OWNER_KEY = 'owner'

/** Search answers kept on the device (written by the shop's server search): every id they name stays. */

/** The tables the window reads and writes, from the database or from an upgrade's transaction. */
export interface WindowTables {
  table(name: 'listings'): Table<ListingRow, string>
  table(name: 'listing_images'): Table<ListingImageRow, string>
  table(name: 'photo_blobs'): Table<PhotoBlobRow, string>
  table(name: 'favourites'): Table<FavouriteRow, string>
  table(name: 'conversations'): Table<ConversationRow, string>
  table(name: 'outbox'): Table<OutboxEntry, number>
  table(name: 'drafts'): Table<DraftRow, string>
  table(name: 'meta'): Table<MetaRow, string>
  table(name: 'server_pages'): Table<ServerPageRow, string>
}

/** The listing an outbox entry writes or is about, if any. */
function listingOf(e: OutboxEntry): string | null {
  const [kind, id] = [e.group.slice(0, e.group.indexOf(':')), e.group.slice(e.group.indexOf(':') + 1)]
  if (kind === 'listing' || kind === 'favourite') return id
  if (e.op.kind === 'conversation.create') return e.op.conversation.listing_id
  if (e.op.kind === 'message.send') return e.op.message.listing_id
  return null
}

/** The recently opened listings, most recent first. */
export async function recentListings(t: WindowTables): Promise<string[]> {
  const v = (await t.table('meta').get(RECENT_LISTINGS_KEY))?.value
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

/** What the device keeps whatever the window: the user's business (see domain/listing-window.ts). */
export async function windowKeep(t: WindowTables): Promise<WindowKeep & { recentOrder: string[] }> {
  const [owner, favourites, conversations, outbox, drafts, blobs, recent, pages] = await Promise.all([
    t.table('meta').get(OWNER_KEY),
    t.table('favourites').toCollection().primaryKeys(),
    t.table('conversations').toArray(),
    t.table('outbox').toArray(),
    t.table('drafts').toArray(),
    t
      .table('photo_blobs')
      .filter((b) => !b.uploaded)
      .toArray(),
    recentListings(t),
    t.table('server_pages').toArray(),
  ])
  const queued = new Set<string>()
  for (const e of outbox) {
    const id = listingOf(e)
    if (id) queued.add(id)
  }
  for (const d of drafts) if (d.listing_id) queued.add(d.listing_id)
  for (const b of blobs) queued.add(b.listing_id)
  return {
    owner: typeof owner?.value === 'string' ? owner.value : undefined,
    favourites: new Set(favourites),
    conversations: new Set(conversations.map((c) => c.listing_id)),
    queued,
    recent: new Set(recent),
    recentOrder: recent,
    pages: new Set(pages.flatMap((p) => (Array.isArray(p.ids) ? p.ids : []))),
  }
}

/** The ids the device names to the server beside the window it computes (queued, recent, kept search answers). */
export async function windowExtraIds(t: WindowTables): Promise<string[]> {
  const keep = await windowKeep(t)
  return extraIds(keep.queued, keep.recentOrder, keep.pages, WINDOW_EXTRA_IDS_MAX)
}

/**
 * Removes the listings outside the window of `size` that are not the user's business, with their image rows and
 * uploaded photo files. Call inside a transaction over `windowTables` (or an upgrade). `owner`: the signed-in user
 * when the caller knows it (else the device's recorded owner). Returns the evicted ids.
 */
export async function evictOutsideWindow(t: WindowTables, size: number, owner?: string): Promise<string[]> {
  // Within the window and nothing sold held: nothing to evict (the common pull reads two counts, not every row).
  const listings = t.table('listings')
  const sold = () =>
    listings.where('[status+created_at]').between(['sold', Dexie.minKey], ['sold', Dexie.maxKey]).count()
  if ((await listings.count()) <= size && (await sold()) === 0) return []
  const stored = await windowKeep(t)
  const keep = owner === undefined ? stored : { ...stored, owner }
  const held: WindowCandidate[] = []
  await t.table('listings').each((l) => {
    held.push({ id: l.id, status: l.status, created_at: l.created_at, user_id: l.user_id, sync_state: l.sync_state })
  })
  const gone = evictions(held, keep, size)
  if (!gone.length) return gone
  await t.table('listings').bulkDelete(gone)
  await t.table('listing_images').where('listing_id').anyOf(gone).delete()
  await t
    .table('photo_blobs')
    .where('listing_id')
    .anyOf(gone)
    .filter((b) => b.uploaded)
    .delete()
  return gone
}
