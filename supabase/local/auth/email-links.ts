/**
 * The e-mail link flows: POST /recover sends a recovery link, POST /resend the confirmation link again; GET /verify (the link itself) and POST /verify
 * (the token posted by the app) spend a confirmation or recovery link and start a session.
 */
import type { Context } from 'hono'
import type { StackContext } from '../context.ts'
import { authError } from '../shared/http-error.ts'
import { EMAIL_LINK_TTL_MS, RESET_PASSWORD_PATH } from './constants.ts'
import { safeRedirect } from './redirect.ts'
import { sessionFragment, sessionJson, type SessionJson } from './session.ts'
import { hashToken, randomToken } from './tokens.ts'
import { confirmByToken, recoverByToken, renewConfirmationToken, setRecoveryToken, signInUser } from './users.ts'
import { jsonBody, str, validEmail } from './validation.ts'
import { tooManyRequests, type AuthLimits } from './rate-limit.ts'

/** GoTrue's answer when an address asks for mails too often. */
function mailBudget(limits: AuthLimits, email: string): void {
  const wait = limits.emailsPerAddress.hit(email)
  if (wait !== null) {
    throw tooManyRequests(
      wait,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    )
  }
}

type LinkType = 'signup' | 'recovery'

function verifyLink(ctx: StackContext, token: string, type: LinkType, redirectTo: string): string {
  const q = new URLSearchParams({ token, type, redirect_to: redirectTo })
  return `${ctx.config.apiUrl}/auth/v1/verify?${q}`
}

export function confirmationLink(ctx: StackContext, token: string, requestedRedirect: string | undefined): string {
  return verifyLink(ctx, token, 'signup', safeRedirect(ctx.config, requestedRedirect, ctx.config.siteUrl))
}

const resetPasswordUrl = (ctx: StackContext) => new URL(RESET_PASSWORD_PATH, ctx.config.siteUrl).toString()

export async function recover(ctx: StackContext, c: Context, limits: AuthLimits): Promise<Response> {
  const body = await jsonBody(c)
  const email = validEmail(body.email)
  mailBudget(limits, email)
  const redirectTo = safeRedirect(ctx.config, c.req.query('redirect_to'), resetPasswordUrl(ctx))
  const token = randomToken()
  const user = await ctx.db.asSuperuser((tx) => setRecoveryToken(tx, email, hashToken(token)))
  // The same answer whether or not the address is registered: no user enumeration.
  if (user) ctx.mailer.send(email, 'recovery', verifyLink(ctx, token, 'recovery', redirectTo))
  return c.json({})
}

/** auth.resend({type: 'signup', email}): the confirmation link again, answered alike whether it was sent or not. */
export async function resend(ctx: StackContext, c: Context, limits: AuthLimits): Promise<Response> {
  const body = await jsonBody(c)
  if (str(body.type) !== 'signup') throw authError(400, 'validation_failed', 'Only type signup can be resent here')
  const email = validEmail(body.email)
  mailBudget(limits, email)
  const token = randomToken()
  const user = await ctx.db.asSuperuser((tx) => renewConfirmationToken(tx, email, hashToken(token)))
  if (user) ctx.mailer.send(email, 'signup', confirmationLink(ctx, token, c.req.query('redirect_to')))
  return c.json({})
}

function linkType(raw: string): LinkType {
  if (raw === 'signup' || raw === 'email') return 'signup'
  if (raw === 'recovery') return 'recovery'
  if (!raw) throw authError(400, 'validation_failed', 'Verify requires a verification type')
  throw authError(400, 'validation_failed', 'Unsupported verification type')
}

/** Spends the link's token; null when it is unknown, already used or expired. */
async function spend(ctx: StackContext, token: string, type: LinkType): Promise<SessionJson | null> {
  if (!token) return null
  const issued = await ctx.db.asSuperuser(async (tx) => {
    const hash = hashToken(token)
    const spendLink = type === 'signup' ? confirmByToken : recoverByToken
    const user = await spendLink(tx, hash, EMAIL_LINK_TTL_MS)
    return user ? signInUser(tx, user.id, randomToken()) : null
  })
  return issued ? sessionJson(ctx, issued.user, issued.session, 'otp') : null
}

/** The link in the e-mail: confirms, then sends the browser to the app with the session in the URL fragment. */
export async function verifyByLink(ctx: StackContext, c: Context): Promise<Response> {
  const type = linkType(c.req.query('type') ?? '')
  const fallback = type === 'recovery' ? resetPasswordUrl(ctx) : ctx.config.siteUrl
  const target = safeRedirect(ctx.config, c.req.query('redirect_to'), fallback)
  const session = await spend(ctx, c.req.query('token') ?? '', type)
  const fragment = session
    ? sessionFragment(session, type)
    : new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      }).toString()
  return c.redirect(`${target.split('#')[0]}#${fragment}`, 303)
}

/** verifyOtp({token_hash, type}) from the app: the same link token, answered with the session as JSON. */
export async function verifyByPost(ctx: StackContext, c: Context): Promise<Response> {
  const body = await jsonBody(c)
  const type = linkType(str(body.type))
  const session = await spend(ctx, str(body.token_hash) || str(body.token), type)
  if (!session) throw authError(403, 'otp_expired', 'Token has expired or is invalid')
  return c.json(session)
}
