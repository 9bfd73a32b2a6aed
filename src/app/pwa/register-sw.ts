/**
 * Registers the service worker (built by vite-plugin-pwa, registerType 'prompt') with workbox-window, loaded after
 * the page so it stays out of the first route's JS. A new version never takes over by itself: it installs and
 * waits, the app shows "A new version of Kreis is available — Reload", and only that click tells the waiting
 * worker to skip waiting; the page reloads once the new worker controls it. A tab that sees another tab switch
 * versions under it offers the same reload instead of running old code against the new cache.
 */
import { pwaStore } from './pwa-store'

/** How often an open app asks the server whether a new version exists (when it becomes visible again). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

interface WorkboxLike {
  addEventListener(
    type: 'waiting' | 'controlling',
    listener: (event: { isUpdate?: boolean; isExternal?: boolean }) => void,
  ): void
  messageSkipWaiting(): void
  register(): Promise<ServiceWorkerRegistration | undefined>
  update(): Promise<void>
}

export interface RegisterOptions {
  /** The worker's script (vite-plugin-pwa writes /sw.js). */
  url?: string
  /** Makes the Workbox; tests pass a fake. */
  create?: (url: string) => Promise<WorkboxLike>
  reload?: () => void
  now?: () => number
}

let registered = false

export async function registerServiceWorker(opts: RegisterOptions = {}): Promise<void> {
  if (registered || !('serviceWorker' in navigator)) return
  registered = true
  const url = opts.url ?? '/sw.js'
  const create = opts.create ?? (async (u: string) => new (await import('workbox-window')).Workbox(u, { scope: '/' }))
  const reload = opts.reload ?? (() => window.location.reload())
  const now = opts.now ?? Date.now
  // A page that loaded without a worker got its code from the network: a worker claiming it later (the first
  // install finishing, even one another load of the page started, which workbox calls "external") runs that same
  // code, so there is nothing to reload for. Reloading during the first install used to offer a "new version".
  const loadedControlled = !!navigator.serviceWorker.controller
  const wb = await create(url)
  let userAsked = false

  wb.addEventListener('waiting', () => {
    pwaStore.setState({
      updateReady: true,
      applyUpdate: () => {
        userAsked = true
        wb.messageSkipWaiting()
      },
    })
  })
  wb.addEventListener('controlling', (event) => {
    // The user chose "Reload" (the page may have been uncontrolled when it registered, so isUpdate can be false).
    if (userAsked) return reload()
    // A version another tab switched to: offer the reload. The first install claiming this page (neither an
    // update nor external) runs the same code: nothing to do.
    if (loadedControlled && (event.isUpdate || event.isExternal))
      pwaStore.setState({ updateReady: true, applyUpdate: reload })
  })
  await wb.register()

  let lastCheck = now()
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return
    lastCheck = now()
    void wb.update().catch(() => {})
  })
}

/** For tests: forget the registration. */
export function resetServiceWorkerRegistration(): void {
  registered = false
}
