/**
 * The database screens read: the app's own by default, or one a test injects through <DatabaseProvider>, so a
 * component test renders a screen over a fresh fake-indexeddb database instead of the `getDatabase()` singleton.
 */
import { createContext, useContext, type ReactNode } from 'react'
import { getDatabase, type KreisDatabase } from './database'

const DatabaseContext = createContext<KreisDatabase | null>(null)

export function DatabaseProvider({ db, children }: { db: KreisDatabase; children: ReactNode }) {
  return <DatabaseContext.Provider value={db}>{children}</DatabaseContext.Provider>
}

export function useDatabase(): KreisDatabase {
  return useContext(DatabaseContext) ?? getDatabase()
}
