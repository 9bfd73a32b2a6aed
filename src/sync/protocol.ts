/**
 * The wire contract between the sync engine and a server: the Transport interface and its result unions.
 * Implementations: src/remote/supabase-transport.ts (production and the local stack) and
 * src/sync/testing/memory-transport.ts (tests, with fault injection).
 */
import type { ListingBundle } from '@/db/repositories/mirror'
import type {
  ConversationRecord,
  Cursor,
  FavoriteRecord,
  ListingImageRecord,
  ListingRecord,
  MessageRecord,
  MyProfileRecord,
  PublicProfileRecord,
} from '@/db/records'
import type {
  ConversationWrite,
  ImageWrite,
  ListingWrite,
  MessageWrite,
  ProfileWrite,
  PushSubscriptionWrite,
} from '@/db/rows'
import type { ServerSearchFilter, ServerSearchPage } from '@/domain/search-query'

export const PROTOCOL_VERSION = 1

/** Why a call failed, as the engine needs to know it. */
export const FailureReason = {
  /** No answer (offline, timeout, connection reset): retry later, do not count against the item. */
  network: 'network',
  /** 5xx: retry with backoff. */
  server: 'server',
  /** 429: retry with backoff. */
  rateLimited: 'rate_limited',
  /** 401 / expired JWT: refresh the session, then retry. */
  unauthorized: 'unauthorized',
  /** CHECK violation (23514): permanent. */
  checkViolation: 'check_violation',
  /** RLS (42501) or 403: permanent. */
  forbidden: 'forbidden',
  /** Any other 4xx: permanent. */
  rejected: 'rejected',
} as const
export type FailureReason = (typeof FailureReason)[keyof typeof FailureReason]

export interface Failure {
  ok: false
  reason: FailureReason
  /** SQLSTATE or API error code when there is one. */
  code?: string
  /** The server's message (never shown raw except where docs/product.md §8 says so). */
  message: string
  /** A 429/503 answer's `Retry-After`, in ms: the earliest time worth asking again. */
  retryAfterMs?: number
}

export type Result<T> = { ok: true; value: T } | Failure

export const isTransient = (f: Failure): boolean =>
  f.reason === FailureReason.network || f.reason === FailureReason.server || f.reason === FailureReason.rateLimited

/** One listing's change as the server takes it: the fields, the photo set, or both. */
export interface ListingSave {
  listing_id: string
  /** The listing's full new state (its edited_at is the edit time), or null when only the photo set changes. */
  listing: ListingWrite | null
  /** The full new photo set in order, or null when it does not change. */
  images: ImageWrite[] | null
  /** Device time (ISO) of the photo-set edit; null without images. */
  images_edited_at: string | null
  /**
   * Device time (ISO) the first edit of this save was queued: when a listing made offline was made. The server uses
   * it (clamped) as created_at only when the save creates the listing, so it sorts by when it was made.
   */
  created_at?: string
}

/**
 * The server's state of a listing after a save: the winning row and its whole photo set; or `listing: null` when
 * the listing was deleted (migration 20261123220100: deletion is final, the save was skipped) — the winner is
 * "gone" and the device drops its copy.
 */
export type ListingSaved =
  { listing: ListingRecord; images: ListingImageRecord[] } | { listing: null; listing_id: string; images: [] }

export interface SessionInfo {
  userId: string
}

/** A row's place in a pull by transaction, (sync_xid, id) order (migration 20261125114800_pull_by_transaction). */
export interface XidKey {
  /** The id of the transaction that last changed the row. */
  xid: number
  id: string
}

/**
 * Where a page of a pull by transaction starts: after `after` in (sync_xid, id) order; without it, at the first row
 * of a transaction from `since` on (null: from the start).
 */
export interface XidFrom {
  since: number | null
  after: XidKey | null
}

/** A page of a pull by transaction, and the place of its last row (null when it is empty). */
export interface XidPage<T> {
  rows: T
  last: XidKey | null
}

/**
 * What a device asks of its window (domain/listing-window.ts): the number of newest listings, and the ids it names
 * beside what the server computes itself (own, favourited, talked about).
 */
export interface WindowAsk {
  size: number
  extra: string[]
}

export type RealtimeChange =
  /** `inserted`: a listing created just now (the feed's "new listings" signal counts them). */
  | { table: 'listings'; row: ListingRecord; deletedId?: undefined; inserted?: boolean }
  | { table: 'listing_images'; listingId: string }
  | { table: 'conversations'; row: ConversationRecord }
  | { table: 'messages'; row: MessageRecord }
  /** A listing was deleted (the event carries only its id): a pull that drops vanished listings settles it. */
  | { table: 'listings'; deletedId: string }
  /** The user's favourites changed on the server (another device of theirs): no row, a pull brings the set (O3). */
  | { table: 'favorites' }

export type RealtimeStatus = 'connected' | 'disconnected'

/**
 * Which listing changes a device listens to (the listings it holds, not the whole catalogue): every listing created
 * from `createdSince` on (its newest window; null: all), and these older ones (the user's business).
 */
export interface RealtimeWatch {
  createdSince: string | null
  ids: string[]
}

export interface RealtimeHandlers {
  onChange(change: RealtimeChange): void
  /** What to listen to, read when the channel opens (without it: every listing change, as before the window). */
  watched?(): Promise<RealtimeWatch>
  /** 'connected' on every (re)connect: the engine answers with a catch-up pull. */
  onStatus(status: RealtimeStatus): void
}

/**
 * The wire contract, in per-area slices: each implementation (src/remote/transport/*.ts, and the memory model in
 * src/sync/testing/memory-transport.ts) builds one object per slice, and a small composer merges them. A new
 * server operation is one method on its slice and its body in each implementation's slice.
 */
/** The session: who the user is, and a fresh token. */
export interface SessionSlice {
  /** The cached session's user, or null when signed out. Works offline. */
  session(): Promise<SessionInfo | null>
  /** Gets a fresh access token. A network failure leaves the cached session in place. */
  refreshSession(): Promise<Result<SessionInfo>>
}

/** A listing's files and its save or delete, and listings fetched by id. */
export interface ListingsSlice {
  /** Uploads to the deterministic path with upsert: repeating it changes nothing. */
  uploadPhoto(path: string, blob: Blob, contentType: string): Promise<Result<void>>
  /**
   * Saves listings with their photo sets, all in one server transaction (RPC `save_listings`): upserts by id,
   * the latest edit by edit time wins for the fields (listing.edited_at) and for the photo set (images_edited_at)
   * separately, a set never takes a new photo whose file is missing. Returns the server's winning row and set for
   * each save, in order, whether the edit won or not. Files of images the save dropped, and that no image row uses
   * any more, are deleted after the commit (best-effort).
   */
  saveListings(saves: ListingSave[]): Promise<Result<ListingSaved[]>>
  /**
   * Deletes an own listing: its storage files (the server's image rows' paths plus `paths`), then the row (image
   * rows, conversations and messages go with it). A listing already gone is success.
   */
  deleteListing(listingId: string, paths: string[]): Promise<Result<void>>
  /** Removes the user's own storage files (paths in bucket listing-images); files already gone are no error. */
  removeFiles(paths: string[]): Promise<Result<void>>
  /** One listing with images and seller, or null when the user may not see it. */
  fetchListing(id: string): Promise<Result<ListingBundle | null>>
  /** The listings of these ids the user may see, with images and sellers (at most WINDOW_FETCH_CHUNK ids). */
  fetchListings(ids: string[]): Promise<Result<ListingBundle>>
}

/** The shop's search over the whole catalogue. */
export interface SearchSlice {
  /** One page of the shop's search over the whole catalogue: active listings in the page's order, with images and sellers. */
  searchListings(page: ServerSearchPage): Promise<Result<ListingBundle>>
  /** How many active listings a search matches, up to SEARCH_COUNT_CAP + 1 ("more than"). */
  countListings(filter: ServerSearchFilter): Promise<Result<number>>
}

/** Conversations and messages: creates, inserts, lookups of refused writes, read marks. */
export interface MessagesSlice {
  /**
   * Creates conversations, ignoring duplicates. Returns the server's row for each given one, in the given order;
   * when (listing_id, buyer_id) already existed under another id, that existing conversation: the caller adopts
   * its id. All or nothing.
   */
  createConversations(rows: ConversationWrite[]): Promise<Result<ConversationRecord[]>>
  /** Inserts messages in the given order (the server stamps them in that order), ignoring duplicate ids; returns the server's rows for all given ids. */
  insertMessages(rows: MessageWrite[]): Promise<Result<MessageRecord[]>>
  /**
   * The server's rows of these writes that it already has (messages by id, conversations by id or by
   * (listing_id, buyer_id)), for the ones the caller may see. A refused write whose earlier answer was lost may
   * well be on the server: Postgres checks RLS before ON CONFLICT, so the retry is refused (e.g. the listing was
   * sold meanwhile) although the first request committed.
   */
  findMessages(ids: string[]): Promise<Result<MessageRecord[]>>
  findConversations(rows: ConversationWrite[]): Promise<Result<ConversationRecord[]>>
  /**
   * Moves the caller's own read mark of a conversation forward to `readAt` (server-clamped to now, never back).
   * Returns the conversation, or null when it is not visible.
   */
  markConversationRead(conversationId: string, readAt: string): Promise<Result<ConversationRecord | null>>
}

/** The own profile: its edits, its picture, and reading it. */
export interface ProfilesSlice {
  updateProfile(p: ProfileWrite): Promise<Result<MyProfileRecord>>
  /**
   * Sets profiles.profile_picture_url (a storage path or URL) as an edit made at `editedAt` (last edit wins, as for
   * profile edits: a stale one changes nothing and the answer is the winner). The file the profile no longer
   * shows (the previous one, or this one when it lost) is removed best-effort.
   */
  setProfilePicture(userId: string, url: string, editedAt: string): Promise<Result<MyProfileRecord>>
  fetchMyProfile(): Promise<Result<MyProfileRecord | null>>
}

/** The user's favourites. */
export interface FavouritesSlice {
  /**
   * Sets (a duplicate is fine) or clears (a missing row is fine) the user's favourite, last edit wins by `editedAt`
   * (RPC set_favourite; a stale edit changes nothing, the next pull shows the winner; absent: an edit made now).
   */
  setFavorite(
    userId: string,
    listingId: string,
    favourite: boolean,
    createdAt: string,
    editedAt?: string,
  ): Promise<Result<void>>
  /** Every favourite of the signed-in user. */
  pullFavorites(): Promise<Result<FavoriteRecord[]>>
}

/** Pulls by transaction (R1), the window (M1) and the ids a reconcile keeps (R4, R8). */
export interface PullsSlice {
  /**
   * The pull horizon (RPC pull_horizon): the oldest server transaction still in flight. A pull asks for it before
   * its pages; the next pull reads again every row of a transaction from it on, so a late commit is never missed.
   * The (updated_at, id) pulls (TimePullsSlice) serve only the one pull that moves a device's stored time cursor over.
   */
  pullHorizon(): Promise<Result<number>>
  /** Listings from `from` in (sync_xid, id) order, with their whole image sets and their sellers. */
  pullListingsSince(from: XidFrom, limit: number): Promise<Result<XidPage<ListingBundle>>>
  /**
   * The public profiles of the window (RPC window_profiles) from `from` in (sync_xid, id) order: the sellers of its
   * listings, the user's conversation counterparts and the user.
   */
  pullProfilesSince(from: XidFrom, limit: number, ask: WindowAsk): Promise<Result<XidPage<PublicProfileRecord[]>>>
  /** The public profiles of these ids (at most WINDOW_FETCH_CHUNK ids). */
  fetchProfiles(ids: string[]): Promise<Result<PublicProfileRecord[]>>
  pullConversationsSince(from: XidFrom, limit: number): Promise<Result<XidPage<ConversationRecord[]>>>
  pullMessagesSince(from: XidFrom, limit: number): Promise<Result<XidPage<MessageRecord[]>>>
  /** The window's listings from `from` in (sync_xid, id) order, with images and sellers (RPC window_listings). */
  pullWindowSince(from: XidFrom, limit: number, ask: WindowAsk): Promise<Result<XidPage<ListingBundle>>>
  /** Every id of the window the user may see (RPC window_listing_ids): a reconcile drops the others, fetches the missing. */
  windowListingIds(ask: WindowAsk): Promise<Result<string[]>>
  /** Ids of every listing this user may see now (to drop vanished and sold-by-others listings). */
  visibleListingIds(): Promise<Result<string[]>>
  /** Ids of every conversation the user may see (a reconcile drops the others: a deleted listing takes its own). */
  visibleConversationIds(): Promise<Result<string[]>>
}

/**
 * The old pulls by time, in (updated_at, id) order: only the one pull that moves a device's stored time cursor over
 * to transactions uses them (R1). One adapter in each implementation holds them.
 */
export interface TimePullsSlice {
  /** The listings after `after` in (updated_at, id) order, with their whole image sets and their sellers. */
  pullListings(after: Cursor | null, limit: number): Promise<Result<ListingBundle>>
  /** Public profiles after `after` (seller names on cards follow renames). */
  pullProfiles(after: Cursor | null, limit: number): Promise<Result<PublicProfileRecord[]>>
  pullConversations(after: Cursor | null, limit: number): Promise<Result<ConversationRecord[]>>
  pullMessages(after: Cursor | null, limit: number): Promise<Result<MessageRecord[]>>
}

/** This browser's Web Push subscription on the user's account. */
export interface PushSlice {
  /**
   * Adds this browser's Web Push subscription to the user (the server keeps one row per endpoint: adding it again
   * replaces it) or removes it (a missing row is fine).
   */
  setPushSubscription(subscription: PushSubscriptionWrite, subscribed: boolean): Promise<Result<void>>
}

/**
 * Ends a realtime subscription when called. `rescope`, where the transport has it, opens the channel again for what
 * `watched` answers now (the device's held listings changed).
 */
export type RealtimeSubscription = (() => void) & { rescope?: () => void }

/** Realtime changes of the rows the device holds. */
export interface RealtimeSlice {
  /** Subscribes to feed listings and to the user's conversations and messages. Returns the unsubscribe. */
  subscribe(handlers: RealtimeHandlers): RealtimeSubscription
}

export type Transport = SessionSlice &
  ListingsSlice &
  SearchSlice &
  MessagesSlice &
  ProfilesSlice &
  FavouritesSlice &
  PullsSlice &
  TimePullsSlice &
  PushSlice &
  RealtimeSlice

/**
 * A class whose instances are the given slices merged (each slice's methods close over their own context, never
 * `this`): `class T extends composedOf<Transport>() { constructor() { super({ ...a(ctx), ...b(ctx) }) } }`.
 */
export function composedOf<T extends object>(): new (slices: T) => T {
  return class {
    constructor(slices: T) {
      Object.assign(this, slices)
    }
  } as new (slices: T) => T
}
