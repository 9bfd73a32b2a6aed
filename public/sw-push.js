/*
 * Web Push, the service worker's half (imported into workbox's generated sw.js by vite.config.ts).
 *
 * The server sends a small JSON poke per new message ({type: 'message', conversation_id, sender_first_name,
 * listing_title, text, and lang, title, body: the notification written in the receiver's language,
 * docs/product.md#R-language-profile}); the message itself still arrives through the app's sync engine. A push shows
 * its title and body, e.g. "Neue Nachricht von Anna" / "Levi's 501 jacket: Ist sie noch da?"; a push without them (a
 * server from before) is worded here in English, "New message from Anna" / "Levi's 501 jacket: Is it still
 * available?". One notification per conversation (tag,
 * the newer replaces the older), unless a visible window already shows that thread. A click focuses a window
 * (moving it to the thread) or opens one on /messages/<conversation>. The app badge counts what the app last said
 * was unread plus the pushes since (the app sets it exactly whenever it runs).
 *
 * Plain JavaScript because the file is served as is. The words must match src/i18n/en/push.ts, and the cache and
 * message names src/app/push/badge.ts (push-worker.test.ts checks).
 */
const KREIS_PUSH_TITLE = 'New message from {name}'
const KREIS_PUSH_TITLE_NO_NAME = 'New message'
const KREIS_PUSH_BODY = '{title}: {text}'
const KREIS_PUSH_ICON = '/icons/icon-192.png'
const KREIS_BADGE_CACHE = 'kreis-badge'
const KREIS_BADGE_KEY = '/__kreis/unread'

function kreisFill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, k) => (values[k] === undefined ? '' : String(values[k])))
}

function kreisThreadPath(conversationId) {
  return '/messages/' + encodeURIComponent(conversationId)
}

/** The push's text as a notification; null for a payload this worker does not know. */
function kreisNotificationOf(data) {
  if (!data || data.type !== 'message' || typeof data.conversation_id !== 'string') return null
  const name = typeof data.sender_first_name === 'string' ? data.sender_first_name.trim() : ''
  const worded = typeof data.title === 'string' && data.title !== '' && typeof data.body === 'string'
  return {
    title: worded ? data.title : name ? kreisFill(KREIS_PUSH_TITLE, { name }) : KREIS_PUSH_TITLE_NO_NAME,
    options: {
      body: worded ? data.body : kreisFill(KREIS_PUSH_BODY, { title: data.listing_title || '', text: data.text || '' }),
      lang: worded && typeof data.lang === 'string' ? data.lang : 'en',
      tag: 'conversation:' + data.conversation_id,
      renotify: true,
      icon: KREIS_PUSH_ICON,
      data: { url: kreisThreadPath(data.conversation_id) },
    },
  }
}

async function kreisThreadIsVisible(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  return windows.some((w) => w.visibilityState === 'visible' && new URL(w.url).pathname === path)
}

async function kreisBumpBadge() {
  if (!self.navigator || typeof self.navigator.setAppBadge !== 'function') return
  const cache = await caches.open(KREIS_BADGE_CACHE)
  const stored = await cache.match(KREIS_BADGE_KEY)
  const unread = (stored ? Number(await stored.text()) || 0 : 0) + 1
  await cache.put(KREIS_BADGE_KEY, new Response(String(unread)))
  await self.navigator.setAppBadge(unread)
}

async function kreisOnPush(data) {
  const note = kreisNotificationOf(data)
  if (!note) return
  if (await kreisThreadIsVisible(note.options.data.url)) return
  await self.registration.showNotification(note.title, note.options)
  await kreisBumpBadge().catch(() => {})
}

async function kreisOpenThread(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const same = windows.find((w) => new URL(w.url).pathname === path)
  const target = same || windows[0]
  if (target) {
    // Focusing may be refused (the browser decides what a click allows); the thread opens all the same.
    const focused = (await target.focus().catch(() => null)) || target
    if (!same && typeof focused.navigate === 'function') return focused.navigate(path)
    return focused
  }
  return self.clients.openWindow(path)
}

self.addEventListener('push', (event) => {
  let data
  try {
    data = event.data ? event.data.json() : null
  } catch {
    data = null
  }
  event.waitUntil(kreisOnPush(data))
})

self.addEventListener('notificationclick', (event) => {
  const url = event.notification.data && event.notification.data.url
  event.notification.close()
  if (typeof url !== 'string' || !url.startsWith('/messages/')) return
  event.waitUntil(kreisOpenThread(url))
})
