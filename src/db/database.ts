/**
 * The one Dexie database of the app (IndexedDB "kreis"): the mirror of server tables the user can see, and the
 * device-only tables (outbox, drafts, photo blobs, favourites, cursors, meta). Schema versions are declared in
 * order and never edited once shipped; a change is a new `version(n)`.
 */
import Dexie, { type EntityTable, type Table } from 'dexie'
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
} from './rows'

export const DATABASE_NAME = 'kreis'

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

  constructor(name: string = DATABASE_NAME) {
    super(name)
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
  }

  /** Every table that mirrors the server (cleared on sign-out). */
  get mirrorTables(): Table[] {
    return [this.listings, this.listing_images, this.profiles, this.my_profile, this.conversations, this.messages, this.cursors]
  }
}

let shared: KreisDatabase | null = null

/** The app's database (opened on first use). */
export function getDatabase(): KreisDatabase {
  shared ??= new KreisDatabase()
  return shared
}
