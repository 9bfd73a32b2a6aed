/**
 * What the device stores: server records plus, on every row the user can write, its sync state so that screens
 * can show "pending", "synced" or "failed: <reason>". Local-only tables (outbox, drafts, photo blobs, favourites,
 * cursors, meta) never leave the device.
 */
import type { StoredSyncFailure } from '../domain/errors'
import type { ListingWrite } from '../domain/listing-fields'
import type {
  ConversationRecord,
  Cursor,
  ListingImageRecord,
  ListingRecord,
  MessageRecord,
  MyProfileRecord,
  PublicProfileRecord,
} from './records'

export type SyncState = 'synced' | 'pending' | 'failed'

export interface SyncFields {
  sync_state: SyncState
  /** Why the server refused the write, when sync_state is 'failed': a reason code, worded when shown (docs/product.md §8). */
  sync_error?: StoredSyncFailure
}

/**
 * What a feed card shows besides the listing itself, copied onto the listing row whenever its first image or its
 * seller's name changes, so a feed page is one index read (no per-card image or seller lookups).
 */
export interface CardFields {
  /** image_url of the image with the lowest image_order, or null without images. */
  cover_image_url: string | null
  seller_first_name: string | null
  seller_last_name: string | null
}

export type ListingRow = ListingRecord & SyncFields & CardFields
export type ListingImageRow = ListingImageRecord & SyncFields
export type ProfileRow = PublicProfileRecord
export type MyProfileRow = MyProfileRecord & SyncFields
export type ConversationRow = ConversationRecord & SyncFields
export type MessageRow = MessageRecord & SyncFields

/** The entity an outbox entry belongs to; entries of one group are sent strictly in order. */
export type OutboxGroup =
  | `listing:${string}`
  | `conversation:${string}`
  | `profile:${string}`
  | `favourite:${string}`
  | `read:${string}`
  | `push:${string}`

export type OutboxOp =
  | { kind: 'photo.upload'; photo_id: string; path: string; content_type: string }
  | { kind: 'listing.upsert'; listing: ListingWrite }
  /** `edited_at`: the device time of the photo-set edit (entries queued before it existed use their queued_at). */
  | { kind: 'images.replace'; listing_id: string; images: ImageWrite[]; edited_at?: string }
  | { kind: 'conversation.create'; conversation: ConversationWrite }
  | { kind: 'message.send'; message: MessageWrite }
  | { kind: 'profile.update'; profile: ProfileWrite }
  | ScreenOp

/**
 * The operations the screens added (each kind's module in sync/kinds/ keeps its request, acknowledgement and failure):
 * a favourite set or cleared, an own listing deleted with its files, a new profile picture, a conversation read.
 */
export type ScreenOp =
  /**
   * Group `favourite:{listing_id}`. Sets (favourite true) or clears the signed-in user's favourite. `edited_at`: the
   * device time of the toggle (last edit wins, L1); absent in entries queued before it existed.
   */
  | {
      kind: 'favourite.set'
      user_id: string
      listing_id: string
      favourite: boolean
      created_at: string
      edited_at?: string
    }
  /** Group `listing:{listing_id}`. `paths`: storage files the device knows of (the server's image rows add theirs). */
  | { kind: 'listing.delete'; listing_id: string; paths: string[] }
  /**
   * Group `profile:{user_id}`. Uploads photo_blobs[photo_id] to `path`, then sets profiles.profile_picture_url.
   * `edited_at`: the device time of the edit (last edit wins, as for profile edits); absent in entries queued before it existed.
   */
  | {
      kind: 'profile.picture'
      user_id: string
      photo_id: string
      path: string
      content_type: string
      edited_at?: string
    }
  /**
   * Group `read:{conversation id}`, of its own, so a refused message of the conversation does not hold it back (the
   * group names the conversation: it follows an adopted server id). Marks queued by older versions in
   * `conversation:{id}` still drain there.
   */
  | { kind: 'conversation.read'; read_at: string }
  /**
   * Group `push:{endpoint}`. Adds (subscribed) or removes this browser's Web Push subscription of the user
   * (PushSubscription.toJSON()'s endpoint and keys), so new messages reach the device when the app is closed.
   */
  | { kind: 'push.subscription'; subscription: PushSubscriptionWrite; subscribed: boolean }

export type OutboxKind = OutboxOp['kind']

export interface OutboxEntry {
  /** Auto-incremented: the order of the user's writes. */
  seq?: number
  group: OutboxGroup
  op: OutboxOp
  /** Device time (ms) when queued. */
  queued_at: number
  /** 'queued' waits to be sent; 'failed' was permanently rejected and waits for the user (retry or discard). */
  state: 'queued' | 'failed'
  /** Transient failures (5xx, 429) so far; network errors while offline do not count. */
  attempts: number
  /** Device time (ms) before which this entry is not retried. */
  not_before: number
  /**
   * Device time (ms) of the first transient failure (network, 5xx, 429) since the entry was last sent
   * successfully or retried by the user: the status shows "still trying since …" from it.
   */
  first_failed_at?: number
  /** Why the server refused it for good (state 'failed'): a reason code, worded when shown. */
  error?: StoredSyncFailure
}

/** The full new state of a listing as the device sends it: domain/listing-fields.ts, checked at the local write. */
export type { ListingWrite }
export type ImageWrite = Pick<ListingImageRecord, 'id' | 'listing_id' | 'image_url' | 'image_order'>
export type ConversationWrite = Pick<ConversationRecord, 'id' | 'listing_id' | 'buyer_id' | 'seller_id'>
export interface PushSubscriptionWrite {
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
}
export type MessageWrite = Pick<
  MessageRecord,
  'id' | 'conversation_id' | 'listing_id' | 'sender_id' | 'receiver_id' | 'content'
>
/** `edited_at`: the device time of the edit (the server keeps the latest); absent in entries queued before it existed. */
/**
 * An edit of the own profile: the names and location, the language, or both (a field left out stays as stored). The
 * outbox merges consecutive edits (sync/kinds/profile-update.ts), so one that names only the language keeps the
 * names of an edit queued before it.
 */
export type ProfileWrite = Pick<MyProfileRecord, 'id'> &
  Partial<Pick<MyProfileRecord, 'first_name' | 'last_name' | 'location' | 'language'>> & { edited_at?: string }

/** A compressed photo kept on the device until the image rows that use it are synced. */
export interface PhotoBlobRow {
  /** The listing image id (also the storage file name). */
  id: string
  listing_id: string
  blob: Blob
  content_type: string
  /** `{user_id}/{listing_id}/{image_id}.{ext}` */
  path: string
  uploaded: boolean
}

/** A sell-flow draft; photos live in `draft_photos` until publish moves them to `photo_blobs`. */
export interface DraftRow {
  id: string
  /** Set when the draft edits an existing listing. */
  listing_id: string | null
  fields: Record<string, unknown>
  updated_at: number
}

export interface DraftPhotoRow {
  id: string
  draft_id: string
  blob: Blob
  content_type: string
  position: number
}

export interface FavouriteRow {
  listing_id: string
  created_at: number
  /**
   * The signed-in user whose account holds (or will hold) this favourite on the server; absent for a visitor's
   * device-only favourite.
   */
  user_id?: string
  /** The card as it was when favourited, so the favourites page can still show a sold or deleted listing. */
  card?: FavouriteCard
}

export interface FavouriteCard {
  title: string
  price: number
  brand: string | null
  size: string | null
  cover_image_url: string | null
  status: ListingRecord['status']
}

/**
 * A stream's pull position (sync/pull.ts). By transaction (migration 20261125114800): the next pull reads every row
 * of a transaction from `since` on (the horizon of the last whole pull; null: from the start); `pass` is a pull
 * interrupted midway (its horizon and the last row applied). A device that pulled before that stores an
 * (updated_at, id) cursor; `horizon` marks the pull that moves it over, interrupted.
 */
export type PullPosition =
  | { since: number | null; pass?: { horizon: number; after: { xid: number; id: string } } }
  | (Cursor & { horizon?: number })

/** The pull position per server stream. */
export interface CursorRow {
  stream: PullStream
  cursor: PullPosition | null
}

export type PullStream = 'listings' | 'profiles' | 'conversations' | 'messages'

export interface MetaRow {
  key: string
  value: unknown
}

/**
 * A server's answer to one page of a shop search (src/domain/search-query.ts): which listings, in order (their
 * rows are in `listings`, kept there while the page is cached), the match count and where the page ended.
 */
export interface ServerPageRow {
  /** searchPageKey: the normalised question and the page number. */
  key: string
  ids: string[]
  /** Matches, up to SEARCH_COUNT_CAP + 1; null when the count was not answered. */
  total: number | null
  /** Where the page ended (the next page's cursor); null for a short last page. */
  next: { key: string; id: string } | null
  fetched_at: number
}
