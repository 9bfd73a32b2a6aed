/**
 * The app's one provider: the shell paints first, without database code; the data layer (./live/live-services:
 * the device's database, the cached session, which works offline, and the sync engine for every visitor) loads in
 * its own chunk during that first render and starts right after it (docs/architecture.md §6, first-route JS). Screens read
 * the app's database through useDatabase(); a test injects its own with `db` (the database context then loads
 * lazily too) and renders screens inside <AppProvider db={…} startServices={false}>.
 */
import { Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { lazyRetrying } from '@/ui/lazy-retrying'
import type { KreisDatabase } from '@/data'
import { firstScreen, type FirstScreen } from '@/remote/first-screen'

const LiveServices = lazyRetrying(() => import('./live/live-services'))
const InjectedDatabase = lazyRetrying(() =>
  import('@/db/database-context').then((m) => ({ default: m.DatabaseProvider })),
)

/**
 * Whether the data layer may load now. A cold visit of the home page shows the hero first: its cards are below it,
 * so the data layer (Dexie, supabase-js, the first pull: most of the start-up's main-thread work) waits for the
 * page's load event and an idle moment instead of competing with the first paint. A page whose first screen
 * index.html asked for (remote/first-screen-request.ts: /shop, /item/:id) loads only what shows it (the screen's
 * chunk and the database) and starts the rest — the session, supabase-js, the engine and its first pull — once
 * that screen's photo has painted (`waitFor`), then at an idle moment. Every other route starts it at once.
 */
export function useServicesGate(deferred: boolean, waitFor?: () => Promise<void>): boolean {
  // Closed while React hydrates a prerendered page: that is what the build rendered (in Node, the server snapshot),
  // so the markup matches; React renders again with the browser's answer right after.
  const inBrowser = useSyncExternalStore(subscribeToNothing, isBrowser, isServer)
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (!deferred || ready) return
    let cancelled = false
    const go = () => {
      if (!cancelled) setReady(true)
    }
    const idle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS })
        : setTimeout(go, 0)
    if (waitFor) void waitFor().then(idle, idle)
    else if (document.readyState === 'complete') idle()
    else window.addEventListener('load', idle, { once: true })
    return () => {
      cancelled = true
      window.removeEventListener('load', idle)
    }
  }, [deferred, ready, waitFor])
  return inBrowser && (!deferred || ready)
}

const subscribeToNothing = () => () => {}
const isBrowser = () => true
const isServer = () => false

/** The longest the data layer waits for an idle moment once its turn has come. */
const IDLE_TIMEOUT_MS = 1000
/** The longest the data layer waits for the first screen's photo to paint (no photo, or no LCP entries). */
export const FIRST_SCREEN_WAIT_MS = 2500

/**
 * Resolves when the first screen's main photo has painted — index.html's own paint of it (remote/first-screen.ts
 * `painted`), else a largest-contentful-paint entry on an image —, when the first-screen request brought nothing
 * (the page then needs the engine), or after FIRST_SCREEN_WAIT_MS (for the answer, then again for the photo).
 */
export function firstScreenShown(source: FirstScreen = firstScreen, timeoutMs = FIRST_SCREEN_WAIT_MS): Promise<void> {
  // A request that hangs (a bad network) does not hold the data layer back longer than the limit either.
  const limit = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))
  return Promise.race([source.rows, limit]).then((rows) => {
    if (!rows?.length) return
    // The photo painted from HTML is a placeholder's background: its paint entry names no image.
    if (source.painted)
      return Promise.race([source.painted, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))])
    return new Promise<void>((resolve) => {
      let observer: PerformanceObserver | null = null
      const done = () => {
        observer?.disconnect()
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(done, timeoutMs)
      try {
        observer = new PerformanceObserver((list) => {
          if (
            list
              .getEntries()
              .some((e) => (e as PerformanceEntry & { element?: Element | null }).element?.tagName === 'IMG')
          )
            done()
        })
        observer.observe({ type: 'largest-contentful-paint', buffered: true })
      } catch {
        // No paint entries in this browser: the timeout decides.
      }
    })
  })
}

/** A cold start on the home page or with a first-screen request (see useServicesGate); main.tsx asks the same. */
export const deferDataLayer = (): boolean =>
  firstScreen.asked || (typeof location !== 'undefined' && location.pathname === '/')

export function AppProvider({
  db,
  startServices = true,
  children,
}: {
  db?: KreisDatabase
  startServices?: boolean
  children: ReactNode
}) {
  return (
    <>
      {db ? (
        <Suspense fallback={null}>
          <InjectedDatabase db={db}>{children}</InjectedDatabase>
        </Suspense>
      ) : (
        children
      )}
      {startServices && <GatedServices db={db} />}
    </>
  )
}

function GatedServices({ db }: { db?: KreisDatabase }) {
  const open = useServicesGate(!db && deferDataLayer(), !db && firstScreen.asked ? firstScreenShown : undefined)
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <LiveServices db={db} />
    </Suspense>
  )
}
