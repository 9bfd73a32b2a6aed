/**
 * The realtime slice: one channel per device, replaced when the user signs in or out, listening to the rows the
 * device holds (M6); every (re)connect is reported, so the engine answers with a catch-up pull (R5). Signed in, a
 * second, private channel `user:<id>` hears the server's signals to this user's devices (O3).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { REALTIME_WATCH_IDS_MAX } from '@/config/window'
import type { RealtimeHandlers, RealtimeSlice, RealtimeSubscription } from '@/sync/protocol'
import { cachedSessionUser } from '../cached-session'
import { toConversation, toListing, toMessage } from '../rows'
import type { Row, SupabaseContext } from './query'

export const realtimeSlice = ({ client }: SupabaseContext): RealtimeSlice => ({
  subscribe: (handlers) => subscribe(client, handlers),
})

/**
 * A visitor listens to the public tables only; signed in, also to the user's conversations and messages. The
 * channel is replaced when the user signs in or out, so the engine started for a visitor gets the private
 * changes after a sign-in without a reload.
 *
 * Listings: not every change of the catalogue, only what the device holds (`handlers.watched`): new active
 * listings (the feed's "new listings" signal; they belong to the newest window), changes of listings created
 * since the device's window begins, and changes of the older ones it keeps, named in `in` filters of at most
 * REALTIME_IN_FILTER_MAX ids, at most REALTIME_WATCH_BINDINGS of them; deletes carry only an id and cannot be
 * filtered on hosted Supabase.
 */
function subscribe(client: SupabaseClient, handlers: RealtimeHandlers): RealtimeSubscription {
  let channel: ReturnType<SupabaseClient['channel']> | null = null
  let listening: boolean | null = null
  let closed = false
  const signals = userSignals(client, handlers)
  const open = async (userId: string | null) => {
    if (closed) return
    signals.follow(userId)
    const signedIn = userId !== null
    if (signedIn === listening) return
    listening = signedIn
    const watch = handlers.watched ? await handlers.watched().catch(() => null) : null
    if (closed || listening !== signedIn) return
    if (channel) void client.removeChannel(channel)
    const current = client.channel(`kreis-sync-${crypto.randomUUID()}`)
    const onRow = (p: { eventType: string; new: unknown; old: unknown }) => {
      if (p.eventType === 'DELETE') handlers.onChange({ table: 'listings', deletedId: String((p.old as Row).id) })
      else
        handlers.onChange({
          table: 'listings',
          row: toListing(p.new as Row),
          ...(p.eventType === 'INSERT' ? { inserted: true } : {}),
        })
    }
    if (!watch) {
      current.on('postgres_changes', { event: '*', schema: 'public', table: 'listings' }, onRow)
      current.on('postgres_changes', { event: '*', schema: 'public', table: 'listing_images' }, (p) => {
        const row = (p.eventType === 'DELETE' ? p.old : p.new) as Row
        handlers.onChange({ table: 'listing_images', listingId: String(row.listing_id ?? '') })
      })
    } else {
      // An image change reaches the device as its listing's change (the trigger touches the listing): a pull
      // follows each change, as it followed an image event, and brings the set.
      const onWatched = (p: { eventType: string; new: unknown; old: unknown }) => {
        onRow(p)
        if (p.eventType === 'UPDATE')
          handlers.onChange({ table: 'listing_images', listingId: String((p.new as Row).id) })
      }
      for (const filter of listingWatchFilters(watch))
        current.on(
          'postgres_changes',
          {
            event: filter.event,
            schema: 'public',
            table: 'listings',
            ...(filter.filter ? { filter: filter.filter } : {}),
          } as never,
          onWatched,
        )
    }
    if (signedIn) {
      current
        .on('postgres_changes', { event: '*', schema: 'public', table: 'conversations' }, (p) => {
          if (p.eventType !== 'DELETE') handlers.onChange({ table: 'conversations', row: toConversation(p.new as Row) })
        })
        .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, (p) => {
          if (p.eventType !== 'DELETE') handlers.onChange({ table: 'messages', row: toMessage(p.new as Row) })
        })
    }
    channel = current.subscribe((status) => {
      if (channel !== current) return // a replaced channel's closing is no news
      if (status === 'SUBSCRIBED') handlers.onStatus('connected')
      else handlers.onStatus('disconnected')
    })
  }
  void cachedSessionUser(client.auth).then((user) => open(user?.userId ?? null))
  const { data } = client.auth.onAuthStateChange((_event, session) => {
    if (session || _event === 'SIGNED_OUT') void open(session?.user.id ?? null)
  })
  // A new channel for the scope the device would watch now, replacing the open one (its join is a reconnect: the
  // engine's catch-up pull covers the moment between the two).
  const rescope = () => {
    if (closed || listening === null) return
    listening = null
    void open(signals.userId())
  }
  return Object.assign(
    () => {
      closed = true
      data.subscription.unsubscribe()
      signals.follow(null)
      if (channel) void client.removeChannel(channel)
    },
    { rescope },
  )
}

/** The user's private topic: the server's signals to that user's devices only (docs/product.md#R-favourites-live). */
export const userTopic = (userId: string): string => `user:${userId}`

/**
 * The private channel of the signed-in user, joined while that user is signed in and left when they sign out or
 * another user signs in. It is not replaced when the listings channel is (rescope): one per user, so a signal is
 * not lost in a swap. A signal missed while it was not joined is covered by the main channel's catch-up pull on
 * reconnect and by the periodic pull.
 */
function userSignals(client: SupabaseClient, handlers: RealtimeHandlers) {
  let current: { userId: string; channel: ReturnType<SupabaseClient['channel']> } | null = null
  return {
    userId: () => current?.userId ?? null,
    follow(userId: string | null) {
      if ((current?.userId ?? null) === userId) return
      if (current) void client.removeChannel(current.channel)
      current = null
      if (userId === null) return
      const channel = client
        .channel(userTopic(userId), { config: { private: true } })
        .on('broadcast', { event: 'favorites' }, () => handlers.onChange({ table: 'favorites' }))
      current = { userId, channel }
      channel.subscribe()
    },
  }
}

/** Ids per `in` filter (hosted Realtime takes at most 100 values in one). */
export const REALTIME_IN_FILTER_MAX = 100
/** `in` bindings for kept listings per channel: 5 × 100 ids; beyond them, the periodic pull follows the rest. */
export const REALTIME_WATCH_BINDINGS = REALTIME_WATCH_IDS_MAX / REALTIME_IN_FILTER_MAX

/** The listings bindings of a device's channel (see `subscribe`). */
export function listingWatchFilters(watch: {
  createdSince: string | null
  ids: readonly string[]
}): { event: 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string }[] {
  const out: { event: 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string }[] = [
    { event: 'INSERT', filter: 'status=eq.active' },
    { event: 'DELETE' },
    watch.createdSince === null
      ? { event: 'UPDATE' }
      : { event: 'UPDATE', filter: `created_at=gte.${watch.createdSince}` },
  ]
  if (watch.createdSince === null) return out
  const ids = watch.ids.slice(0, REALTIME_WATCH_IDS_MAX)
  for (let i = 0; i < ids.length; i += REALTIME_IN_FILTER_MAX)
    out.push({ event: 'UPDATE', filter: `id=in.(${ids.slice(i, i + REALTIME_IN_FILTER_MAX).join(',')})` })
  return out
}
