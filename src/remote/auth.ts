/**
 * Authentication through supabase-js (docs/product.md §7.1). The session is kept by supabase-js in localStorage, so
 * `currentSession()` answers offline from the cache; tokens refresh automatically while online. Errors come back
 * as the auth service's message, for the docs/product.md §8 mapping in src/domain.
 */
import type { Session } from '@supabase/supabase-js'
import { sessionUserNow } from './cached-session'
import type { AuthError } from '@supabase/supabase-js'
import { getSupabaseClient, takeAuthRetryAfter } from './client'

export interface AuthUser {
  userId: string
  email: string | null
}

/** A refusal: the service's message and code, and on a 429 how long it asked to wait (its Retry-After, ms). */
export type AuthResult =
  { ok: true; user: AuthUser | null } | { ok: false; message: string; code?: string; retryAfterMs?: number }

function refused(error: AuthError): AuthResult {
  const wait = error.status === 429 ? takeAuthRetryAfter() : undefined
  return { ok: false, message: error.message, code: error.code, ...(wait === undefined ? {} : { retryAfterMs: wait }) }
}

/**
 * The address the page was opened at, read before supabase-js first runs (it consumes a reset link's session in
 * the URL and then clears the fragment): the reset screen needs to know whether it came from such a link.
 */
const URL_AT_LOAD = { hash: globalThis.location?.hash ?? '', search: globalThis.location?.search ?? '' }

const userOf = (s: Session | null): AuthUser | null => (s ? { userId: s.user.id, email: s.user.email ?? null } : null)

/** The signed-in user; offline with an expired token too, at once (cached-session.ts), never "signed out" for it. */
export async function currentSession(): Promise<AuthUser | null> {
  return sessionUserNow(getSupabaseClient().auth)
}

/** Calls `listener` on every auth change (sign-in, sign-out, token refresh). Returns the unsubscribe. */
export function onAuthChange(listener: (user: AuthUser | null) => void): () => void {
  const { data } = getSupabaseClient().auth.onAuthStateChange((_event, session) => listener(userOf(session)))
  return () => data.subscription.unsubscribe()
}

export async function signIn(email: string, password: string): Promise<AuthResult> {
  const { data, error } = await getSupabaseClient().auth.signInWithPassword({ email, password })
  return error ? refused(error) : { ok: true, user: userOf(data.session) }
}

export async function signUp(
  email: string,
  password: string,
  firstName: string,
  lastName: string,
  redirectTo: string,
): Promise<AuthResult> {
  const { data, error } = await getSupabaseClient().auth.signUp({
    email,
    password,
    options: { emailRedirectTo: redirectTo, data: { first_name: firstName, last_name: lastName } },
  })
  return error ? { ok: false, message: error.message, code: error.code } : { ok: true, user: userOf(data.session) }
}

export async function resetPassword(email: string, redirectTo: string): Promise<AuthResult> {
  const { error } = await getSupabaseClient().auth.resetPasswordForEmail(email, { redirectTo })
  return error ? { ok: false, message: error.message, code: error.code } : { ok: true, user: null }
}

/** Signs out; offline the local session is dropped all the same (scope 'local' needs no server). */
export async function signOut(): Promise<AuthResult> {
  const auth = getSupabaseClient().auth
  const { error } = await auth.signOut()
  if (error) {
    await auth.signOut({ scope: 'local' })
    if (error.name !== 'AuthRetryableFetchError') return { ok: false, message: error.message, code: error.code }
  }
  return { ok: true, user: null }
}

/** The URL's fragment and query as they were when the app loaded (see URL_AT_LOAD). */
export const urlAtLoad = (): { hash: string; search: string } => URL_AT_LOAD

/**
 * The signed-in user once supabase-js has read the URL (a reset link's session in the fragment, or a PKCE code
 * it exchanges), or null. Answers from the cache, so it works offline.
 */
export async function sessionAfterUrl(): Promise<AuthUser | null> {
  const { data } = await getSupabaseClient().auth.getSession()
  return userOf(data.session)
}

/** Sets the signed-in user's password (the reset link signs the user in first). */
export async function updatePassword(password: string): Promise<AuthResult> {
  const auth = getSupabaseClient().auth
  const { data, error } = await auth.updateUser({ password })
  if (error) return { ok: false, message: error.message, code: error.code }
  return { ok: true, user: data.user ? { userId: data.user.id, email: data.user.email ?? null } : null }
}
