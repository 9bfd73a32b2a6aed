/**
 * The app's one provider: the shell paints first, without database code; the data layer (./live/live-services:
 * the device's database, the cached session, which works offline, and the sync engine for every visitor) loads in
 * its own chunk during that first render and starts right after it (design.md §6, first-route JS). Screens read
 * the app's database through useDatabase(); a test injects its own with `db` (the database context then loads
 * lazily too) and renders screens inside <AppProvider db={…} startServices={false}>.
 */
import { lazy, Suspense, type ReactNode } from 'react'
import type { KreisDatabase } from '@/db/database'

const LiveServices = lazy(() => import('./live/live-services'))
const InjectedDatabase = lazy(() => import('@/db/database-context').then((m) => ({ default: m.DatabaseProvider })))

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
      {startServices && (
        <Suspense fallback={null}>
          <LiveServices db={db} />
        </Suspense>
      )}
    </>
  )
}
