/*
 * Background Sync, the service worker's half (imported into workbox's generated sw.js by vite.config.ts).
 *
 * When connectivity returns, the browser fires `sync` for the tag the app registered while it had queued writes
 * and no network (src/sync/engine.ts). The outbox lives in the page's Dexie database and is drained by the
 * page's sync engine, so this worker does not push anything itself: it asks every open Kreis window to sync and
 * keeps the event alive until the windows answer. If none drained the outbox (still offline, the server refused
 * for now), the event fails and the browser tries again later with its own backoff; with no window open there is
 * nothing to wake, and the app drains the outbox on its next start.
 *
 * Plain JavaScript because the file is served as is. The strings must match src/sync/constants.ts
 * (background-sync-worker.test.ts checks).
 */
const KREIS_BACKGROUND_SYNC_TAG = 'kreis-outbox'
const KREIS_BACKGROUND_SYNC_MESSAGE = 'kreis:background-sync'
/** How long a window may take to answer (a drain of a long outbox); browsers end sync events after minutes. */
const KREIS_BACKGROUND_SYNC_ANSWER_MS = 60000

function kreisAskWindow(client) {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve({ drained: false, reason: 'no answer' }), KREIS_BACKGROUND_SYNC_ANSWER_MS)
    channel.port1.onmessage = (event) => {
      clearTimeout(timer)
      resolve(event.data || { drained: false })
    }
    client.postMessage({ type: KREIS_BACKGROUND_SYNC_MESSAGE }, [channel.port2])
  })
}

async function kreisBackgroundSync() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  // No window: nothing here can drain the outbox; the app does on its next start.
  if (windows.length === 0) return
  const answers = await Promise.all(windows.map(kreisAskWindow))
  if (!answers.some((a) => a && a.drained)) {
    throw new Error(`Kreis outbox not drained (${windows.length} window(s) asked)`)
  }
}

self.addEventListener('sync', (event) => {
  if (event.tag !== KREIS_BACKGROUND_SYNC_TAG) return
  event.waitUntil(kreisBackgroundSync())
})
