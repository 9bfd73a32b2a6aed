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
import type { ConversationWrite, ImageWrite, ListingWrite, MessageWrite, ProfileWrite } from '@/db/rows'

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
  /** The server's message (never shown raw except where spec §8 says so). */
  message: string
}

export type Result<T> = { ok: true; value: T } | Failure

export const isTransient = (f: Failure): boolean =>
  f.reason === FailureReason.network || f.reason === FailureReason.server || f.reason === FailureReason.rateLimited

export interface SessionInfo {
  userId: string
}

export type RealtimeChange =
  | { table: 'listings'; row: ListingRecord; deletedId?: undefined }
  | { table: 'listing_images'; listingId: string }
  | { table: 'conversations'; row: ConversationRecord }
  | { table: 'messages'; row: MessageRecord }
  /** A listing was deleted (the event carries only its id): a pull that drops vanished listings settles it. */
  | { table: 'listings'; deletedId: string }

export type RealtimeStatus = 'connected' | 'disconnected'

export interface RealtimeHandlers {
  onChange(change: RealtimeChange): void
  /** 'connected' on every (re)connect: the engine answers with a catch-up pull. */
  onStatus(status: RealtimeStatus): void
}

export interface Transport {
  /** The cached session's user, or null when signed out. Works offline. */
  session(): Promise<SessionInfo | null>
  /** Gets a fresh access token. A network failure leaves the cached session in place. */
  refreshSession(): Promise<Result<SessionInfo>>

  /** Uploads to the deterministic path with upsert: repeating it changes nothing. */
  uploadPhoto(path: string, blob: Blob, contentType: string): Promise<Result<void>>
  /**
   * Upserts full listing states by id. The server keeps the latest edited_at (ties: later arrival). Returns the
   * server's rows for all given ids, whether the edit won or not.
   */
  upsertListings(rows: ListingWrite[]): Promise<Result<ListingRecord[]>>
  /** Makes the listing's image rows exactly `images` (upsert by id, delete the rest); returns the server's set. */
  replaceListingImages(listingId: string, images: ImageWrite[]): Promise<Result<ListingImageRecord[]>>
  /**
   * Creates conversations, ignoring duplicates. Returns the server's row for each given one, in the given order;
   * when (listing_id, buyer_id) already existed under another id, that existing conversation: the caller adopts
   * its id. All or nothing.
   */
  createConversations(rows: ConversationWrite[]): Promise<Result<ConversationRecord[]>>
  /** Inserts messages in the given order (the server stamps them in that order), ignoring duplicate ids; returns the server's rows for all given ids. */
  insertMessages(rows: MessageWrite[]): Promise<Result<MessageRecord[]>>
  updateProfile(p: ProfileWrite): Promise<Result<MyProfileRecord>>

  /** The listings after `after` in (updated_at, id) order, with their whole image sets and their sellers. */
  pullListings(after: Cursor | null, limit: number): Promise<Result<ListingBundle>>
  /** Ids of every listing this user may see now (to drop vanished and sold-by-others listings). */
  visibleListingIds(): Promise<Result<string[]>>
  /** One listing with images and seller, or null when the user may not see it. */
  fetchListing(id: string): Promise<Result<ListingBundle | null>>
  /** Public profiles after `after` (seller names on cards follow renames). */
  pullProfiles(after: Cursor | null, limit: number): Promise<Result<PublicProfileRecord[]>>
  pullConversations(after: Cursor | null, limit: number): Promise<Result<ConversationRecord[]>>
  pullMessages(after: Cursor | null, limit: number): Promise<Result<MessageRecord[]>>
  fetchMyProfile(): Promise<Result<MyProfileRecord | null>>

  // ---- the screens' operations (sync/screen-ops.ts) ----
  /** Sets (insert, ignoring a duplicate) or clears (delete, a missing row is fine) the user's favourite. */
  setFavorite(userId: string, listingId: string, favourite: boolean, createdAt: string): Promise<Result<void>>
  /** Every favourite of the signed-in user. */
  pullFavorites(): Promise<Result<FavoriteRecord[]>>
  /**
   * Deletes an own listing: its storage files (the server's image rows' paths plus `paths`), then the row (image
   * rows, conversations and messages go with it). A listing already gone is success.
   */
  deleteListing(listingId: string, paths: string[]): Promise<Result<void>>
  /** Sets profiles.profile_picture_url (a storage path or URL); removes the previous own file best-effort. */
  setProfilePicture(userId: string, url: string): Promise<Result<MyProfileRecord>>
  /**
   * Moves the caller's own read mark of a conversation forward to `readAt` (server-clamped to now, never back).
   * Returns the conversation, or null when it is not visible.
   */
  markConversationRead(conversationId: string, readAt: string): Promise<Result<ConversationRecord | null>>

  /** Subscribes to feed listings and to the user's conversations and messages. Returns the unsubscribe. */
  subscribe(handlers: RealtimeHandlers): () => void
}
