/**
 * The app's one provider: the database screens read (a test injects its own), the session read from the device's
 * cache (works offline), and the sync engine for every visitor (the public feed is mirrored for visitors too, so a
 * second visit works offline). Tests render screens inside <AppProvider db={…} startServices={false}>.
 */
import { useEffect, type ReactNode } from 'react'
import { DatabaseProvider } from '@/db/database-context'
import { getDatabase, type KreisDatabase } from '@/db/database'
import { startAppSync } from '@/sync/app-sync'
import { initSession } from '@/sync/session'

export function AppProvider({ db, startServices = true, children }: { db?: KreisDatabase; startServices?: boolean; children: ReactNode }) {
  const database = db ?? getDatabase()
  useEffect(() => {
    if (!startServices) return
    void initSession(database).finally(() => startAppSync())
  }, [database, startServices])
  return <DatabaseProvider db={database}>{children}</DatabaseProvider>
}
