/**
 * The one Dexie database of the app (IndexedDB "kreis"): the mirror of server tables the user can see, and the
 * device-only tables (outbox, drafts, photo blobs, favourites, cursors, meta). Schema versions are declared in
 * order and never edited once shipped; a change is a new `version(n)`.
 */
import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie'
import type {
  ConversationRow,
  CursorRow,
  DraftPhotoRow,
  DraftRow,
  FavouriteRow,
  ListingImageRow,
  ListingRow,
  MessageRow,
  MetaRow,
  MyProfileRow,
  OutboxEntry,
  PhotoBlobRow,
  ProfileRow,
  ServerPageRow,
} from './rows'
import { cardFields, coversByListing } from './card-fields'
import { RowChanges } from './row-changes'
import { evictOutsideWindow, type WindowTables } from './window-eviction'
import { LISTING_WINDOW_SIZE } from '../config/window'

export const DATABASE_NAME = 'kreis'

/** The tables whose writes are told to followers (RowChanges). */
export const FOLLOWED_TABLES = ['listings', 'profiles', 'conversations', 'messages'] as const
export type FollowedTable = (typeof FOLLOWED_TABLES)[number]

export class KreisDatabase extends Dexie {
  listings!: EntityTable<ListingRow, 'id'>
  listing_images!: EntityTable<ListingImageRow, 'id'>
  /** Public profiles of sellers and chat counterparts. */
  profiles!: EntityTable<ProfileRow, 'id'>
  /** The signed-in user's own profile (at most one row). */
  my_profile!: EntityTable<MyProfileRow, 'id'>
  conversations!: EntityTable<ConversationRow, 'id'>
  messages!: EntityTable<MessageRow, 'id'>
  outbox!: Table<OutboxEntry, number>
  photo_blobs!: EntityTable<PhotoBlobRow, 'id'>
  drafts!: EntityTable<DraftRow, 'id'>
  draft_photos!: EntityTable<DraftPhotoRow, 'id'>
  favourites!: EntityTable<FavouriteRow, 'listing_id'>
  cursors!: EntityTable<CursorRow, 'stream'>
  meta!: EntityTable<MetaRow, 'key'>
  /** The server's search answers the device keeps (the shop's server search writes them; the window keeps their ids). */
  server_pages!: EntityTable<ServerPageRow, 'key'>
  /**
   * Every write to the tables that screens follow without a live query, in this tab and the others (row-changes.ts):
   * listings (the feed projection), and what the inbox and the unread count re-read a moment later.
   */
  readonly rowChanges: RowChanges

  constructor(name: string = DATABASE_NAME, options?: DexieOptions) {
    // No live-query cache: with it, Dexie re-runs live queries optimistically while a write is still in flight and
    // may skip the run after the commit; the feed's reads also consult the in-memory filter projection, which
    // answers from committed rows only (repositories/feed-projection.ts), so such a run would keep a stale page.
    super(name, { cache: 'disabled', ...options })
    this.rowChanges = new RowChanges(name, new Set<string>(FOLLOWED_TABLES))
    this.use(this.rowChanges.middleware())
    this.on('close', () => this.rowChanges.close())
    this.version(1).stores({
      // The feed reads a page of 12 by walking one compound index in order and filtering the rest in the walk:
      // [status+created_at] (newest first) and [status+price] (by price), each also prefixed by category, so a
      // page reads about 12 rows when filters are broad, not the whole table. Location, size and condition are
      // filtered during the walk; more indexes would slow the 10k bulk write for no page-speed gain.
      listings:
        'id, [status+created_at], [category+status+created_at], [status+price], [category+status+price], [user_id+created_at], sync_state',
      listing_images: 'id, listing_id, [listing_id+image_order], sync_state',
      profiles: 'id',
      my_profile: 'id',
      conversations: 'id, last_message_at, [listing_id+buyer_id], sync_state',
      messages: 'id, [conversation_id+created_at], listing_id, sync_state',
      outbox: '++seq, group, state',
      photo_blobs: 'id, listing_id',
      drafts: 'id, updated_at',
      draft_photos: 'id, draft_id',
      favourites: 'listing_id, created_at',
      cursors: 'stream',
      meta: 'key',
    })
    // Version 2: listing rows carry their card fields (rows.ts CardFields), and feed filters run on an in-memory
    // projection (repositories/feed.ts), so the listings keep only the home feed's walk and the owner's list.
    // Each index costs every mirror write (about 100 ms per index at 10k rows, bench/); sync_state lost its
    // index because unsynced rows are exactly those with outbox entries.
    this.version(2)
      .stores({
        listings: 'id, [status+created_at], [user_id+created_at]',
        listing_images: 'id, [listing_id+image_order]',
      })
      .upgrade(async (tx) => {
        const covers = coversByListing(await tx.table<ListingImageRow>('listing_images').toArray())
        const sellers = new Map((await tx.table<ProfileRow>('profiles').toArray()).map((p) => [p.id, p]))
        await tx
          .table<ListingRow>('listings')
          .toCollection()
          .modify((l) => {
            Object.assign(l, cardFields(covers.get(l.id) ?? null, sellers.get(l.user_id)))
          })
      })
    // Version 3: the device keeps a window of the catalogue, not all of it (repositories/window.ts). A device that
    // mirrored everything shrinks to it as it opens, in the upgrade's transaction: the user's own listings,
    // favourites, conversations, queued writes, drafts and recently opened listings stay, and the outbox, drafts
    // and favourites are not touched. server_pages holds the server's search answers (their ids stay too).
    this.version(3)
      .stores({ server_pages: 'key, fetched_at' })
      .upgrade(async (tx) => {
        await evictOutsideWindow(tx as unknown as WindowTables, LISTING_WINDOW_SIZE)
      })
  }

  /** Every table that mirrors the server (cleared on sign-out). */
  get mirrorTables(): Table[] {
    return [
      this.listings,
      this.listing_images,
      this.profiles,
      this.my_profile,
      this.conversations,
      this.messages,
      this.cursors,
      this.server_pages,
    ]
  }
}

let shared: KreisDatabase | null = null

/** The app's database (opened on first use). */
export function getDatabase(): KreisDatabase {
  shared ??= new KreisDatabase()
  return shared
}
