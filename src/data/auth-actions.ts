/**
 * The account calls the screens make (docs/product.md §7.1): sign-in, sign-up, the reset e-mail, and the new password the
 * reset link leads to. Like signed-in-user.ts it loads `@/remote/auth` (and with it supabase-js) only when first needed,
 * so the first route stays small, and features never import remote/ themselves.
 *
 * A successful sign-in makes the device the user's at once (the previous user's data goes, the session store
 * says signed in) instead of waiting for supabase-js's auth event, asks the browser to keep our storage, and
 * starts a sync so the user's own data arrives.
 */
import type { KreisDatabase } from '@/db/database'
import { requestPersistenceOnce } from '@/db/storage-errors'
import { passwordResetRedirect, signUpOptions } from '@/domain/auth-form'
import { recoveryLinkOf, type RecoveryLink } from '@/domain/account-screens'
import { pokeSync } from '@/sync/app-sync'
import { adoptOwner, sessionStore } from '@/sync/signed-in-user'

export type AuthOutcome =
  /** `signedIn` is false when the account waits for its e-mail confirmation. */
  { ok: true; signedIn: boolean } | { ok: false; message: string; code?: string; retryAfterMs?: number }

type RemoteUser = { userId: string; email: string | null } | null

async function becomeSignedIn(db: KreisDatabase, user: RemoteUser): Promise<boolean> {
  if (!user) return false
  await adoptOwner(db, user.userId)
  sessionStore.setState({ status: 'signed-in', userId: user.userId, email: user.email }, true)
  void requestPersistenceOnce()
  pokeSync()
  return true
}

/** A call that threw (network stack, a bug) becomes a failure with the error's own message. */
async function guarded(run: () => Promise<AuthOutcome>): Promise<AuthOutcome> {
  try {
    return await run()
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e), code: 'unexpected' }
  }
}

export function signInWithPassword(db: KreisDatabase, email: string, password: string): Promise<AuthOutcome> {
  return guarded(async () => {
    const auth = await import('@/remote/auth')
    const r = await auth.signIn(email.trim(), password)
    if (!r.ok)
      return {
        ok: false,
        message: r.message,
        code: r.code,
        ...(r.retryAfterMs === undefined ? {} : { retryAfterMs: r.retryAfterMs }),
      }
    return { ok: true, signedIn: await becomeSignedIn(db, r.user) }
  })
}

export interface SignUpInput {
  email: string
  password: string
  firstName: string
  lastName: string
}

/** Sign-up with first and last name as user metadata; the confirmation link returns to the site root. */
export function signUpWithPassword(
  db: KreisDatabase,
  input: SignUpInput,
  origin: string = location.origin,
): Promise<AuthOutcome> {
  return guarded(async () => {
    const auth = await import('@/remote/auth')
    const options = signUpOptions(input, origin)
    const r = await auth.signUp(
      input.email.trim(),
      input.password,
      options.data.first_name,
      options.data.last_name,
      options.emailRedirectTo,
    )
    if (!r.ok) return { ok: false, message: r.message, code: r.code }
    return { ok: true, signedIn: await becomeSignedIn(db, r.user) }
  })
}

/** The reset e-mail; its link leads to /auth/reset-password on this origin. */
export function sendPasswordReset(email: string, origin: string = location.origin): Promise<AuthOutcome> {
  return guarded(async () => {
    const auth = await import('@/remote/auth')
    const r = await auth.resetPassword(email.trim(), passwordResetRedirect(origin))
    return r.ok ? { ok: true, signedIn: false } : { ok: false, message: r.message, code: r.code }
  })
}

export type RecoveryState =
  /** A session to set the password on: from the link, or the user was already signed in. */
  | { kind: 'ready'; email: string | null }
  /** The link was refused (expired, used) or there is no session to change a password on. */
  | { kind: 'invalid'; description?: string }

/** What /auth/reset-password can do: read once supabase-js has consumed the link in the URL. */
export async function recoveryState(db: KreisDatabase): Promise<RecoveryState> {
  const auth = await import('@/remote/auth')
  const { hash, search } = auth.urlAtLoad()
  const link: RecoveryLink = recoveryLinkOf(hash, search)
  const user = await auth.sessionAfterUrl().catch(() => null)
  if (link.kind === 'error') return { kind: 'invalid', description: link.description }
  if (!user) return { kind: 'invalid' }
  await becomeSignedIn(db, user)
  return { kind: 'ready', email: user.email }
}

/** Sets the new password of the signed-in user. */
export function setNewPassword(password: string): Promise<AuthOutcome> {
  return guarded(async () => {
    const auth = await import('@/remote/auth')
    const r = await auth.updatePassword(password)
    return r.ok ? { ok: true, signedIn: true } : { ok: false, message: r.message, code: r.code }
  })
}
