/**
 * The app's root, mounted by main.tsx in a task of its own (after React DOM's module and then this module's graph
 * were evaluated in two others: one long task after the first paint became three short ones, TBT).
 */
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { firstScreen } from '@/remote/first-screen'
import { App } from './app'
import { deferDataLayer } from './provider'
import { quietLoadingAnimations } from './quiet-animations'

/** The next task: the browser may paint and handle input in between. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * A cold /shop or /item/:id stores index.html's answer in the device's database and its screen reads it there: the
 * database opens now, in a task of its own, so those reads and that write run as they come rather than all in the
 * one task that opened it (TBT). A database that cannot open fails them as before. Resolves once it is open.
 */
export function openDatabaseEarly(asked = firstScreen.asked): Promise<void> {
  if (!asked) return Promise.resolve()
  return import('@/db/database')
    .then(async ({ getDatabase }) => {
      await nextTask()
      await getDatabase().open()
    })
    .catch(() => {})
}

export function mountApp(root: HTMLElement): void {
  // The data layer (Dexie, the session, the sync engine, and the Supabase client the session reads first) is not in
  // the first route's JS, but a cold visit's first cards wait on it: fetch its chunks now, beside the route's,
  // rather than one after the other once the app has rendered (LCP). Offline, the Supabase client has no one to talk
  // to: it loads when the session asks for it, after the device's cards. The exceptions: the home page, whose first
  // paint is the hero (the data layer waits for load and idle there), and a cold /shop or /item/:id whose listings
  // index.html already asked for (the rest of the data layer waits until their photo has painted):
  // ./provider.tsx useServicesGate.
  if (!deferDataLayer()) {
    void import('./live/live-services')
    if (navigator.onLine) void import('@/remote/auth')
  }
  void openDatabaseEarly()
  quietLoadingAnimations()

  // index.html painted the URL's page from its prerendered markup (scripts/prerender.ts): React adopts it as it is,
  // in a background (time-sliced) render, so neither a new paint nor one long task follows the first paint; then
  // the page replays the taps it held meanwhile. A query string may change what the page shows (the header's
  // search): React then renders the page anew over the markup, as on every route without a prerendered page.
  const app = (
    <StrictMode>
      <App onMounted={() => (window as { __kreisHydrated?: () => void }).__kreisHydrated?.()} />
    </StrictMode>
  )
  if (root.dataset.prerendered && location.search === '') startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
}
