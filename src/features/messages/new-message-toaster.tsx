import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router-dom'
import { paths } from '@/config/paths'
import { latestPerConversation, useDatabase, useUserId } from '@/data'
import { liveArrivals } from '@/domain/inbox-view'
import { newMessageToast } from '@/domain/messaging'
import { renderToast } from '@/i18n'
import { toast } from '@/ui/toast/toast-store'
import { useDeferredLiveQuery } from './hooks/use-deferred-live-query'

// Mounted in the app layout and, as a fallback, on /messages: only the first mounted instance toasts.
const instances: symbol[] = []
const listeners = new Set<() => void>()
const subscribeInstances = (l: () => void) => (listeners.add(l), () => void listeners.delete(l))
const notify = () => listeners.forEach((l) => l())

function useIsFirstInstance(): boolean {
  const [me] = useState(() => Symbol('toaster'))
  useEffect(() => {
    instances.push(me)
    notify()
    return () => {
      instances.splice(instances.indexOf(me), 1)
      notify()
    }
  }, [me])
  return useSyncExternalStore(
    subscribeInstances,
    () => instances[0] === me,
    () => false,
  )
}

/** The conversation open on screen (/messages?c=<id>), if any. */
function useOpenConversation(): string | null {
  const { pathname, search } = useLocation()
  return pathname === paths.messages ? new URLSearchParams(search).get('c') : null
}

/**
 * The live toast of docs/product.md §4/§8: "New message received" with the first 50 characters, when a message from someone
 * else arrives (realtime → mirror) and its thread is not open. Renders nothing; mount it in the app layout (a
 * second instance, such as the messages page's own, stays quiet).
 */
export function NewMessageToaster() {
  const db = useDatabase()
  const active = useIsFirstInstance()
  const userId = useUserId()
  const open = useOpenConversation()
  // Deferred (a moment after the mirror changes): the toast is for threads that are not open, and an open thread
  // renders an arriving message first.
  const live = useDeferredLiveQuery(
    db,
    ['conversations', 'messages'],
    async () => (userId ? latestPerConversation(db, userId) : undefined),
    [userId],
  )
  const seen = useRef<{ user: string; ids: Map<string, string> } | null>(null)
  const openRef = useRef(open)

  useEffect(() => {
    openRef.current = open
  }, [open])

  useEffect(() => {
    if (!active || !userId || !live) return
    const { latest, readMarks } = live
    const previous = seen.current?.user === userId ? seen.current.ids : null
    // The first look also toasts what arrived since the page opened: the start-up sync may store it first.
    const arrivals = liveArrivals(
      previous,
      latest,
      userId,
      openRef.current,
      Date.now(),
      readMarks,
      previous ? undefined : performance.timeOrigin,
    )
    seen.current = { user: userId, ids: new Map(latest.map((m) => [m.conversation_id, m.id])) }
    const newest = arrivals.reduce<(typeof arrivals)[number] | null>(
      (a, m) => (!a || m.created_at > a.created_at ? m : a),
      null,
    )
    if (newest) toast(renderToast(newMessageToast(newest.content)))
  }, [live, userId, active])

  return null
}
