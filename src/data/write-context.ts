/**
 * What an action hook needs to write on the device (docs/architecture.md §1 rule 2): the database, the user, the
 * clock, and the poke that has the sync engine push at once.
 */
import type { KreisDatabase } from '@/db/database'
import { useDatabase } from '@/db/database-context'
import { pokeSync } from '@/sync/app-sync'
import { useUserId } from './use-user-id'

export interface WriteContext {
  db: KreisDatabase
  userId: string | null | undefined
  now: () => number
  poke: () => void
}

export function useWriteContext(): WriteContext {
  return { db: useDatabase(), userId: useUserId(), now: Date.now, poke: pokeSync }
}
