/**
 * The React view of the session for screens: who is signed in (undefined while the cached session is read), and
 * what an action hook needs to write locally (database, user, clock, the poke that starts a push).
 */
import { useCallback } from 'react'
import { useDatabase } from '@/db/database-context'
import type { KreisDatabase } from '@/db/database'
import { pokeSync } from './app-sync'
import { toggleFavourite } from './kinds/favourite-set'
import { useSession } from './session'

/** The signed-in user's id; null when signed out; undefined while the session resolves. */
export function useUserId(): string | null | undefined {
  return useSession((s) => (s.status === 'signed-in' ? s.userId : s.status === 'signed-out' ? null : undefined))
}

export interface WriteContext {
  db: KreisDatabase
  userId: string | null | undefined
  now: () => number
  poke: () => void
}

export function useWriteContext(): WriteContext {
  return { db: useDatabase(), userId: useUserId(), now: Date.now, poke: pokeSync }
}

/**
 * The heart's write, for every screen with a heart: toggles the favourite on the device (signed in, also on the
 * account through the outbox) and pokes the engine. Resolves to whether the listing is now a favourite.
 */
export function useFavouriteToggle(): (listingId: string) => Promise<boolean> {
  const { db, userId, now, poke } = useWriteContext()
  return useCallback(
    async (listingId) => {
      const liked = await toggleFavourite(db, userId ?? null, listingId, now())
      poke()
      return liked
    },
    [db, userId, now, poke],
  )
}
