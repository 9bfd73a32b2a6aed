/** The session slice: supabase-js's stored session, and a token refresh. */
import type { Result, SessionInfo, SessionSlice } from '@/sync/protocol'
import { cachedSessionUser } from '../cached-session'
import { fromAuth } from '../errors'
import { ok, type SupabaseContext } from './query'

/** GoTrue's codes for a refresh that can never succeed: the session or its refresh token is gone on the server. */
const SESSION_GONE = new Set([
  'refresh_token_not_found',
  'session_not_found',
  'session_expired',
  'user_not_found',
  'refresh_token_already_used',
])

export const sessionSlice = ({ client }: SupabaseContext): SessionSlice => ({
  /** From supabase-js's stored session, never the network (an expired token offline is still the user's). */
  async session(): Promise<SessionInfo | null> {
    const user = await cachedSessionUser(client.auth)
    return user ? { userId: user.userId } : null
  },

  async refreshSession(): Promise<Result<SessionInfo>> {
    try {
      const { data, error } = await client.auth.refreshSession()
      if (error) {
        // The server no longer knows the session (signed out everywhere, token revoked): it has ended, even while
        // the access token is still valid (supabase-js keeps the session then). Dropping it locally tells the app
        // (a signed-out event), which clears the user's private rows.
        if (SESSION_GONE.has((error as { code?: string }).code ?? ''))
          await client.auth.signOut({ scope: 'local' }).catch(() => undefined)
        return fromAuth(error)
      }
      if (!data.session) return { ok: false, reason: 'unauthorized', message: 'Auth session missing!' }
      return ok({ userId: data.session.user.id })
    } catch (e) {
      return { ok: false, reason: 'network', message: (e as Error).message }
    }
  },
})
