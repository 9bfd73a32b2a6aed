/** Turning an issued session into GoTrue's token response: a signed access token plus the refresh token and user. */
import type { StackContext } from '../context.ts'
import { appMetadata, userJson, userMetadata } from './user-json.ts'
import type { IssuedSession, UserRow } from './users.ts'

export type AuthMethod = 'password' | 'otp'

export interface SessionJson {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Record<string, unknown>
}

export async function sessionJson(
  ctx: StackContext,
  user: UserRow,
  session: IssuedSession,
  method: AuthMethod,
): Promise<SessionJson> {
  const expiresIn = ctx.config.auth.jwtExpirySeconds
  const accessToken = await ctx.jwt.sign(
    {
      iss: `${ctx.config.apiUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email ?? '',
      phone: '',
      app_metadata: appMetadata(user),
      user_metadata: userMetadata(user),
      session_id: session.sessionId,
      is_anonymous: false,
      aal: 'aal1',
      amr: [{ method, timestamp: Math.floor(session.startedAt.getTime() / 1000) }],
    },
    expiresIn,
  )
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    refresh_token: session.refreshToken,
    user: userJson(user),
  }
}

/** The session in a redirect's URL fragment, as GoTrue's /verify hands it to the app. */
export function sessionFragment(s: SessionJson, type: string): string {
  return new URLSearchParams({
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    token_type: s.token_type,
    type,
  }).toString()
}
