/**
 * Server rows as JSON → the device's record shapes: numeric arrives as a string (price), and timestamps are
 * rewritten to one fixed-width UTC form, `YYYY-MM-DDTHH:MM:SS.ffffffZ`, whether they came from PostgREST
 * (`…+00:00`, trailing zeros trimmed) or a realtime payload. The mirror compares updated_at as strings and the pull
 * cursor is sent back verbatim, so both need one exact, ordered form with the server's microseconds.
 */
// Relative, not '@/': vite.config.ts reaches this file (through first-screen-request.ts) in the node project, which has no alias.
import type {
  ConversationRecord,
  FavoriteRecord,
  ListingImageRecord,
  ListingRecord,
  MessageRecord,
  MyProfileRecord,
  PublicProfileRecord,
} from '../db/records'

type Json = Record<string, unknown>

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)?$/

/** The canonical form of a timestamptz string (unchanged when it is not one). */
export function canonicalTimestamp(value: string): string {
  const m = TIMESTAMP.exec(value)
  if (!m) return value
  const [, date, hh, mm, ss, frac = '', zone = 'Z'] = m
  const micros = frac.padEnd(6, '0')
  const utc = zone === 'Z' || /^[+-]00(:?00)?$/.test(zone)
  if (utc) return `${date}T${hh}:${mm}:${ss}.${micros}Z`
  // A non-UTC offset: shift by whole seconds with Date and keep the microseconds.
  const ms = Date.parse(`${date}T${hh}:${mm}:${ss}${zone.length === 3 ? `${zone}:00` : zone}`)
  return `${new Date(ms).toISOString().slice(0, 19)}.${micros}Z`
}

const TIME_FIELDS = [
  'created_at',
  'updated_at',
  'edited_at',
  'last_message_at',
  'subscription_start_date',
  'last_payment_date',
  'paid_until',
  'buyer_last_read_at',
  'seller_last_read_at',
] as const

function withCanonicalTimes<T>(r: Json): T {
  // sync_xid (migration 20261125114800) places a row in a pull; the pull reads it from the raw page, the mirror
  // never keeps it.
  const { sync_xid: _xid, ...out } = r
  for (const k of TIME_FIELDS) if (typeof out[k] === 'string') out[k] = canonicalTimestamp(out[k] as string)
  return out as T
}

export function toListing(r: Json): ListingRecord {
  // images_edited_at (the photo set's edit time) and the device stamps beside the edit times (migration
  // 20261125150100) are the server's business (RPC save_listings), not the device's.
  const { images_edited_at: _setTime, device_edited_at: _sent, images_device_edited_at: _setSent, ...row } = r
  return { ...withCanonicalTimes<ListingRecord>(row), price: Number(r.price) }
}

export const toImage = (r: Json): ListingImageRecord => withCanonicalTimes<ListingImageRecord>(r)
export const toConversation = (r: Json): ConversationRecord => withCanonicalTimes<ConversationRecord>(r)
export const toMessage = (r: Json): MessageRecord => withCanonicalTimes<MessageRecord>(r)
export const toMyProfile = (r: Json): MyProfileRecord => withCanonicalTimes<MyProfileRecord>(r)
export const toFavorite = (r: Json): FavoriteRecord => withCanonicalTimes<FavoriteRecord>(r)
export const toPublicProfile = (r: Json): PublicProfileRecord => withCanonicalTimes<PublicProfileRecord>(r)

export const PUBLIC_PROFILE_COLUMNS = 'id, first_name, last_name, location, profile_picture_url, created_at, updated_at'
