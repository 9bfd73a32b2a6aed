/**
 * The app badge (navigator.setAppBadge, where supported) shows the signed-in user's unread messages: set from the
 * device's mirror whenever that total changes, and kept where the service worker reads it (a one-entry cache), so
 * a push that arrives while the app is closed counts on from there (public/sw-push.js; the names must match).
 */
import { useEffect } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { unreadTotal, useDatabase, useSession } from '@/data'

export const BADGE_CACHE = 'kreis-badge'
export const BADGE_KEY = '/__kreis/unread'

type BadgeNavigator = Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> }

export async function showUnread(
  total: number,
  nav: BadgeNavigator = navigator,
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  if (typeof nav.setAppBadge !== 'function') return
  await cacheStorage?.open(BADGE_CACHE).then((c) => c.put(BADGE_KEY, new Response(String(total))))
  if (total > 0) await nav.setAppBadge(total)
  else await (nav.clearAppBadge?.() ?? nav.setAppBadge(0))
}

export function useAppBadge(): void {
  const db = useDatabase()
  const userId = useSession((s) => (s.status === 'signed-in' ? s.userId : null))
  const total = useLiveQuery(async () => (userId ? unreadTotal(db, userId) : 0), [db, userId])
  useEffect(() => {
    if (total === undefined) return
    void showUnread(total).catch(() => {})
  }, [total])
}
