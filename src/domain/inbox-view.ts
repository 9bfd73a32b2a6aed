// How the inbox and a thread are shown (docs/product.md §2.7, §4 messaging, §8 live message toast): message states, unread
// counts, newest activity first, day separators, relative times, and which arrivals deserve the live toast.
// Timestamps are compared as instants (Date.parse), never as strings: the server writes "+00:00", devices "Z".
import type { Message } from './message'

const at = (iso: string | null | undefined): number => {
  const ms = iso ? Date.parse(iso) : NaN
  return Number.isFinite(ms) ? ms : -Infinity
}

/** What a message of mine shows: still on this device, on the server, or refused for good (with retry). */
export type MessageState = 'queued' | 'sent' | 'failed'
export function messageState(syncState: 'synced' | 'pending' | 'failed'): MessageState {
  return syncState === 'synced' ? 'sent' : syncState === 'pending' ? 'queued' : 'failed'
}

export interface DatedMessage {
  readonly receiver_id: string
  readonly created_at: string
}

/** Messages to the user written after their last read (never read: all of them). */
export function unreadCount(
  messages: readonly DatedMessage[],
  userId: string,
  lastReadAt: string | null | undefined,
): number {
  const since = at(lastReadAt)
  return messages.filter((m) => m.receiver_id === userId && at(m.created_at) > since).length
}

/** The read mark to store when the user has seen a thread: now, or the newest message if the server's clock runs ahead. */
export function readMarkAt(now: number, newestCreatedAt: string | null | undefined): number {
  return Math.max(now, at(newestCreatedAt))
}

/** When a conversation last moved: the server's last_message_at, or a newer message still on this device. */
export function activityAt(
  c: { readonly last_message_at: string | null; readonly created_at: string },
  last?: { readonly created_at: string },
): number {
  return Math.max(at(c.last_message_at), at(last?.created_at), at(c.created_at))
}

/** Newest activity first; ties by id so the order is stable. */
export function byNewestActivity<T extends { readonly id: string; readonly activity: number }>(
  rows: readonly T[],
): T[] {
  return [...rows].sort((a, b) => b.activity - a.activity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** A thread in order: by time, and for equal times in the order given (the server stamps a batch in row order). */
export function inThreadOrder<T extends { readonly created_at: string }>(messages: readonly T[]): T[] {
  return messages
    .map((m, i) => ({ m, i, t: at(m.created_at) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.m)
}

/** The calendar day of an instant on this device ("2026-11-23"). */
export function localDayKey(iso: string): string {
  const d = new Date(at(iso))
  if (!Number.isFinite(d.getTime())) return ''
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

export interface DayGroup<T> {
  readonly day: string
  readonly messages: T[]
}

/** Consecutive messages of one calendar day, each group under its own separator. */
export function groupByDay<T extends { readonly created_at: string }>(
  messages: readonly T[],
  dayOf: (iso: string) => string = localDayKey,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = []
  for (const m of messages) {
    const day = dayOf(m.created_at)
    const last = groups[groups.length - 1]
    if (last && last.day === day) last.messages.push(m)
    else groups.push({ day, messages: [m] })
  }
  return groups
}

export type DayLabel = 'today' | 'yesterday' | 'date'
/** A separator reads "Today", "Yesterday" or the date. */
export function dayLabel(day: string, now: Date): DayLabel {
  const key = (d: Date) => localDayKey(d.toISOString())
  if (day === key(now)) return 'today'
  const yesterday = new Date(now)
  yesterday.setDate(now.getDate() - 1)
  return day === key(yesterday) ? 'yesterday' : 'date'
}

export type RelativeTimeKey =
  'messages.time.now' | 'messages.time.minutes' | 'messages.time.hours' | 'messages.time.days'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** "now", "5m", "3h", "2d"; a week or more (or an unreadable time) → null, and the screen shows the date. */
export function relativeTime(iso: string, now: number): Message<RelativeTimeKey> | null {
  // An unreadable time is -Infinity (see at), so it is "ago" forever and falls through to null.
  const ago = Math.max(0, now - at(iso))
  if (ago < MINUTE) return 'messages.time.now'
  if (ago < HOUR) return { key: 'messages.time.minutes', params: { n: Math.floor(ago / MINUTE) } }
  if (ago < DAY) return { key: 'messages.time.hours', params: { n: Math.floor(ago / HOUR) } }
  if (ago < 7 * DAY) return { key: 'messages.time.days', params: { n: Math.floor(ago / DAY) } }
  return null
}

export interface LatestMessage {
  readonly conversation_id: string
  readonly id: string
  readonly sender_id: string
  readonly content: string
  readonly created_at: string
}

/** How recent a message must be to count as arriving now (a first sync of old messages shows no toasts). */
export const LIVE_ARRIVAL_WINDOW_MS = 10 * MINUTE

/**
 * The messages that deserve the live toast (docs/product.md §4): a conversation's newest message changed since the last look,
 * it was written by someone else, its thread is not open, it is recent and not yet read. The first look remembers
 * what is there, except what was written after `openedAt` (the page opened, epoch ms): that arrived while the page
 * was starting, before the first look (a sync can store it first).
 */
export function liveArrivals(
  previous: ReadonlyMap<string, string> | null,
  latest: readonly LatestMessage[],
  userId: string,
  openConversationId: string | null,
  now: number,
  /** The user's read mark per conversation: a message already read (on any device) is not news. */
  readMarks: ReadonlyMap<string, string | null> = new Map(),
  openedAt?: number,
): LatestMessage[] {
  if (previous === null && openedAt === undefined) return []
  return latest.filter(
    (m) =>
      (previous ? previous.get(m.conversation_id) !== m.id : at(m.created_at) > openedAt!) &&
      m.sender_id !== userId &&
      m.conversation_id !== openConversationId &&
      now - at(m.created_at) <= LIVE_ARRIVAL_WINDOW_MS &&
      at(m.created_at) > at(readMarks.get(m.conversation_id)),
  )
}
