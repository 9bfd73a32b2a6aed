/**
 * Row shapes as the server defines them (supabase/migrations), normalised for the device: `price` is a number
 * (PostgREST sends numeric as a string) and timestamps are the server's ISO strings, kept verbatim because the
 * pull cursor compares them.
 */

import type { ListingStatus, ListingWrite } from '../domain/listing-fields'

export type { ListingStatus }

/**
 * A listing row as the server holds it: the state a device writes (domain/listing-fields.ts ListingWrite, the one
 * listing type, whose rules are the server's CHECKs) with the server's timestamps.
 */
export type ListingRecord = ListingWrite & {
  created_at: string
  /** Set by the server on every change (trigger); the pull cursor. */
  updated_at: string
}

export interface ListingImageRecord {
  id: string
  listing_id: string
  /** A storage path in bucket listing-images, or a full http(s) URL. */
  image_url: string
  /** 1-based. */
  image_order: number
  created_at: string
  updated_at: string
}

/** The public part of a profile, readable by everyone (seller names on cards). */
export interface PublicProfileRecord {
  id: string
  first_name: string | null
  last_name: string | null
  location: string | null
  profile_picture_url: string | null
  created_at: string
  updated_at: string
}

/** The signed-in user's whole profile (view `my_profile`). */
export interface MyProfileRecord extends PublicProfileRecord {
  email: string | null
  subscription_status: string | null
  subscription_start_date: string | null
  last_payment_date: string | null
  /** End of the paid month (server-written, migration 20261123003001); absent on rows cached before it. */
  paid_until?: string | null
  /**
   * The member's language (docs/product.md#R-language-profile), one of the app's locales, null when none was chosen;
   * absent on rows cached before migration 20261127120000.
   */
  language?: string | null
}

export interface ConversationRecord {
  id: string
  listing_id: string
  buyer_id: string
  seller_id: string
  last_message_at: string | null
  /** Server-kept read marks (migration 20261123001200): the participant's own column only, never moving back. */
  buyer_last_read_at?: string | null
  seller_last_read_at?: string | null
  created_at: string
  updated_at: string
}

export interface MessageRecord {
  id: string
  conversation_id: string
  listing_id: string
  sender_id: string
  receiver_id: string
  content: string
  created_at: string
  updated_at: string
}

/** A signed-in user's favourite (table favorites, own rows only). */
export interface FavoriteRecord {
  user_id: string
  listing_id: string
  created_at: string
}

/** A keyset position in a server table ordered by (updated_at, id). */
export interface Cursor {
  updated_at: string
  id: string
}
