/**
 * The signed-in user without waiting on the network. supabase-js's getSession() refreshes an expired token first,
 * and offline it retries for about 25 s before answering null: the app would show a spinner, then "signed out",
 * to a user who is merely offline. The session supabase-js keeps in its storage (localStorage in the browser)
 * answers at once; it stays there through network errors (supabase-js drops it only on a refusal), and tokens
 * refresh as soon as the network is back.
 */
import type { Session, SupabaseClient } from '@supabase/supabase-js'

export interface CachedUser {
  userId: string
  email: string | null
}

/** The parts of supabase-js's auth client this reads (public fields of GoTrueClient, not in its typings). */
interface AuthStorage {
  storage: { getItem(key: string): string | null | Promise<string | null> }
  storageKey: string
}

/** The user of the session in supabase-js's storage, expired or not; null when there is none. No network. */
export async function cachedSessionUser(auth: SupabaseClient['auth']): Promise<CachedUser | null> {
  const { storage, storageKey } = auth as unknown as AuthStorage
  try {
    const raw = await storage.getItem(storageKey)
    if (!raw) return null
    const session = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Partial<Session> | null
    const id = session?.user?.id
    return typeof id === 'string' ? { userId: id, email: session!.user!.email ?? null } : null
  } catch {
    return null
  }
}

/**
 * getSession()'s answer when it comes within `waitMs` (a fresh or refreshed session, or a definite "signed out"),
 * else, and when it could not refresh (network), the cached session's user.
 */
export async function sessionUserNow(auth: SupabaseClient['auth'], waitMs = 1_000): Promise<CachedUser | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const live = auth
    .getSession()
    .then(({ data, error }): CachedUser | null | undefined => {
      if (data.session) return { userId: data.session.user.id, email: data.session.user.email ?? null }
      return error ? undefined : null // an error (the refresh could not reach the server) is no answer
    })
    .catch(() => undefined)
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)))
  const answer = await Promise.race([live, late])
  clearTimeout(timer)
  return answer === undefined ? cachedSessionUser(auth) : answer
}
