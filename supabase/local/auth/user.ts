/** GET /user, PUT /user (metadata, password, e-mail) and POST /logout for the signed-in caller. */
import type { Context } from 'hono'
import type { StackContext } from '../context.ts'
import { authError } from '../shared/http-error.ts'
import { signedInCaller } from './caller.ts'
import { hashPassword, passwordMatches } from './passwords.ts'
import { userJson } from './user-json.ts'
import { endSessions, findUserByEmail, updateUser, type LogoutScope, type UserChanges } from './users.ts'
import { checkPasswordStrength, isPlainObject, jsonBody, validEmail } from './validation.ts'

export async function getUser(ctx: StackContext, c: Context): Promise<Response> {
  const { user } = await signedInCaller(ctx, c)
  return c.json(userJson(user))
}

export async function putUser(ctx: StackContext, c: Context): Promise<Response> {
  const { user } = await signedInCaller(ctx, c)
  const body = await jsonBody(c)
  const changes: UserChanges = {}

  if (body.password !== undefined && body.password !== null) {
    if (typeof body.password !== 'string') throw authError(400, 'validation_failed', 'Password must be a string')
    checkPasswordStrength(body.password, ctx.config.auth.minPasswordLength)
    if (await passwordMatches(body.password, user.encrypted_password)) {
      throw authError(422, 'same_password', 'New password should be different from the old password.')
    }
    changes.passwordHash = await hashPassword(body.password)
  }

  if (isPlainObject(body.data)) {
    // GoTrue merges: given keys are set, keys given as null are removed.
    const merged: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}) }
    for (const [k, v] of Object.entries(body.data)) {
      if (v === null) delete merged[k]
      else merged[k] = v
    }
    changes.userMetadata = merged
  }

  let newEmail: string | undefined
  if (body.email !== undefined && body.email !== null) {
    newEmail = validEmail(body.email)
    if (newEmail === user.email?.toLowerCase()) newEmail = undefined
    else if (ctx.config.auth.emailConfirm) {
      throw authError(
        422,
        'email_change_unsupported',
        'E-mail changes need confirmation links, which the local stack does not send; ' +
          'turn KREIS_AUTH_EMAIL_CONFIRM off to change e-mails directly',
      )
    } else changes.email = newEmail
  }

  const updated = await ctx.db.asSuperuser(async (tx) => {
    if (newEmail && (await findUserByEmail(tx, newEmail))) {
      throw authError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    return updateUser(tx, user.id, changes)
  })
  if (!updated) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  return c.json(userJson(updated))
}

const SCOPES: readonly LogoutScope[] = ['global', 'local', 'others']

export async function logout(ctx: StackContext, c: Context): Promise<Response> {
  const scope = (c.req.query('scope') ?? 'global') as LogoutScope
  if (!SCOPES.includes(scope)) throw authError(400, 'validation_failed', 'Unsupported logout scope')
  const { user, sessionId } = await signedInCaller(ctx, c)
  await ctx.db.asSuperuser((tx) => endSessions(tx, user.id, sessionId, scope))
  return c.body(null, 204)
}
