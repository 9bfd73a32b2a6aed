/**
 * The app's one provider: the shell paints first, without database code; the data layer (./live/live-services:
 * the device's database, the cached session, which works offline, and the sync engine for every visitor) loads in
 * its own chunk during that first render and starts right after it (design.md §6, first-route JS). Screens read
 * the app's database through useDatabase(); a test injects its own with `db` (the database context then loads
 * lazily too) and renders screens inside <AppProvider db={…} startServices={false}>.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import type { KreisDatabase } from '@/db/database'

const LiveServices = lazy(() => import('./live/live-services'))
const InjectedDatabase = lazy(() => import('@/db/database-context').then((m) => ({ default: m.DatabaseProvider })))

/**
 * Whether the data layer may load now. A cold visit of the home page shows the hero first: its cards are below it,
 * so the data layer (Dexie, supabase-js, the first pull: most of the start-up's main-thread work) waits for the
 * page's load event and an idle moment instead of competing with the first paint. Every other route starts it at
 * once (its content is the data).
 */
export function useServicesGate(deferred: boolean): boolean {
  const [open, setOpen] = useState(!deferred)
  useEffect(() => {
    if (open) return
    let cancelled = false
    const go = () => {
      if (!cancelled) setOpen(true)
    }
    const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS }) : setTimeout(go, 0))
    if (document.readyState === 'complete') idle()
    else window.addEventListener('load', idle, { once: true })
    return () => {
      cancelled = true
      window.removeEventListener('load', idle)
    }
  }, [open])
  return open
}

/** The longest the home page's data layer waits for an idle moment after load. */
const IDLE_TIMEOUT_MS = 1000

/** A cold start on the home page (see useServicesGate); main.tsx asks the same. */
export const deferDataLayer = (): boolean => typeof location !== 'undefined' && location.pathname === '/'

export function AppProvider({ db, startServices = true, children }: { db?: KreisDatabase; startServices?: boolean; children: ReactNode }) {
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
  const open = useServicesGate(!db && deferDataLayer())
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <LiveServices db={db} />
    </Suspense>
  )
}
