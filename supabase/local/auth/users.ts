/**
 * auth.users, auth.sessions and auth.refresh_tokens: the SQL of the auth API, always run as the superuser inside
 * a transaction the caller opened (platform internals, like GoTrue's own connection), parameterised only.
 */
import type { Tx } from '../db/database.ts'

export interface UserRow {
  id: string
  aud: string
  role: string
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  is_anonymous: boolean
  banned_until: Date | null
  created_at: Date
  updated_at: Date
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, is_anonymous, banned_until,
  created_at, updated_at`

async function one(tx: Tx, sql: string, params: unknown[]): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(sql, params)
  return rows[0] ?? null
}

export const findUserById = (tx: Tx, id: string) =>
  one(tx, `select ${USER_COLUMNS} from auth.users where id = $1`, [id])

/** Emails are kept lower-cased (GoTrue does the same); the lower() also finds rows a seed wrote in mixed case. */
export const findUserByEmail = (tx: Tx, email: string) =>
  one(tx, `select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email])

export interface NewUser {
  email: string
  passwordHash: string
  userMetadata: Record<string, unknown>
  /** The sha256 of the confirmation link's token, or null when the user is confirmed at once. */
  confirmationTokenHash: string | null
}

export async function insertUser(tx: Tx, u: NewUser): Promise<UserRow> {
  const row = await one(
    tx,
    // Every column written, as GoTrue does (hosted auth.users has no defaults): empty strings, never NULL, in the
    // token columns, and the e-mail identity a real sign-up creates.
    `with u as (
       insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_user_meta_data,
         raw_app_meta_data, email_confirmed_at, confirmation_token, confirmation_sent_at, recovery_token,
         email_change_token_new, email_change, is_super_admin, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1, $2,
         $3, $4, case when $5::text is null then now() end, coalesce($5, ''),
         case when $5::text is not null then now() end, '', '', '', false, now(), now())
       returning ${USER_COLUMNS}
     ), i as (
       insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email,
           'email_verified', false, 'phone_verified', false), 'email', u.created_at, u.created_at
         from u
     )
     select * from u`,
    [
      u.email,
      u.passwordHash,
      JSON.stringify(u.userMetadata),
      JSON.stringify({ provider: 'email', providers: ['email'] }),
      u.confirmationTokenHash,
    ],
  )
  return row!
}

export async function setConfirmationToken(tx: Tx, userId: string, tokenHash: string): Promise<void> {
  await tx.query(`update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1`, [
    userId,
    tokenHash,
  ])
}

/** A new confirmation link for a user who has not confirmed yet; null when there is none such. */
export const renewConfirmationToken = (tx: Tx, email: string, tokenHash: string) =>
  one(
    tx,
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now()
     where lower(email) = $1 and email_confirmed_at is null returning ${USER_COLUMNS}`,
    [email, tokenHash],
  )

export const setRecoveryToken = (tx: Tx, email: string, tokenHash: string) =>
  one(
    tx,
    `update auth.users set recovery_token = $2, recovery_sent_at = now() where lower(email) = $1
     returning ${USER_COLUMNS}`,
    [email, tokenHash],
  )

/** Confirms the e-mail of the user whose unexpired confirmation link this is, and spends the link. */
export const confirmByToken = (tx: Tx, tokenHash: string, ttlMs: number) =>
  one(
    tx,
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       updated_at = now()
     where confirmation_token = $1 and confirmation_sent_at > now() - make_interval(secs => $2)
     returning ${USER_COLUMNS}`,
    [tokenHash, ttlMs / 1000],
  )

/** Spends an unexpired recovery link; following it also proves the address, so it confirms an unconfirmed user. */
export const recoverByToken = (tx: Tx, tokenHash: string, ttlMs: number) =>
  one(
    tx,
    `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
       updated_at = now()
     where recovery_token = $1 and recovery_sent_at > now() - make_interval(secs => $2)
     returning ${USER_COLUMNS}`,
    [tokenHash, ttlMs / 1000],
  )

export interface UserChanges {
  passwordHash?: string
  userMetadata?: Record<string, unknown>
  email?: string
}

export const updateUser = (tx: Tx, id: string, ch: UserChanges) =>
  one(
    tx,
    `update auth.users set encrypted_password = coalesce($2, encrypted_password),
       raw_user_meta_data = coalesce($3::jsonb, raw_user_meta_data), email = coalesce($4, email), updated_at = now()
     where id = $1 returning ${USER_COLUMNS}`,
    [id, ch.passwordHash ?? null, ch.userMetadata ? JSON.stringify(ch.userMetadata) : null, ch.email ?? null],
  )

// Sessions and refresh tokens ----------------------------------------------------------------------------------

export interface IssuedSession {
  sessionId: string
  refreshToken: string
  /** When the session began (the `amr` timestamp of every access token it gets). */
  startedAt: Date
}

export async function startSession(tx: Tx, userId: string, refreshToken: string): Promise<IssuedSession> {
  const { rows } = await tx.query<{ id: string; created_at: Date }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at) values (gen_random_uuid(), $1, now(), now())
     returning id, created_at`,
    [userId],
  )
  const session = rows[0]!
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, session_id, revoked, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, false, now(), now())`,
    [refreshToken, userId, session.id],
  )
  await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [userId])
  return { sessionId: session.id, refreshToken, startedAt: session.created_at }
}

/** Starts a session and answers it with the user as it now is (last_sign_in_at included). */
export async function signInUser(
  tx: Tx,
  userId: string,
  refreshToken: string,
): Promise<{ user: UserRow; session: IssuedSession }> {
  const session = await startSession(tx, userId, refreshToken)
  return { user: (await findUserById(tx, userId))!, session }
}

export interface RefreshTokenRow {
  id: string
  token: string
  user_id: string
  session_id: string
  revoked: boolean
  /** When the token was last changed: for a revoked token, when it was rotated or revoked. */
  updated_at: Date
  not_after: Date | null
  session_created_at: Date
}

export async function findRefreshToken(tx: Tx, token: string): Promise<RefreshTokenRow | null> {
  const { rows } = await tx.query<RefreshTokenRow>(
    `select rt.id::text as id, rt.token, rt.user_id, rt.session_id, rt.revoked, rt.updated_at, s.not_after,
       s.created_at as session_created_at
     from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
     where rt.token = $1 for update of rt`,
    [token],
  )
  return rows[0] ?? null
}

/** Revokes `old` and issues its successor in the same session. */
export async function rotateRefreshToken(tx: Tx, old: RefreshTokenRow, next: string): Promise<void> {
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`, [old.id])
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, session_id, parent, revoked, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, false, now(), now())`,
    [next, old.user_id, old.session_id, old.token],
  )
  await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [old.session_id])
}

/** The session's token in use now (the newest not revoked), or null. */
export async function activeRefreshToken(tx: Tx, sessionId: string): Promise<string | null> {
  const { rows } = await tx.query<{ token: string }>(
    `select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
    [sessionId],
  )
  return rows[0]?.token ?? null
}

/** A revoked token came back: someone holds a copy, so the whole session's token family is revoked. */
export async function revokeSessionTokens(tx: Tx, sessionId: string): Promise<void> {
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1`, [sessionId])
}

export async function sessionExists(tx: Tx, sessionId: string, userId: string): Promise<boolean> {
  const { rows } = await tx.query(`select 1 from auth.sessions where id = $1 and user_id = $2`, [sessionId, userId])
  return rows.length > 0
}

export type LogoutScope = 'global' | 'local' | 'others'

/** Ends sessions; their refresh tokens go with them (on delete cascade). */
export async function endSessions(tx: Tx, userId: string, sessionId: string, scope: LogoutScope): Promise<void> {
  if (scope === 'global') await tx.query(`delete from auth.sessions where user_id = $1`, [userId])
  else if (scope === 'local')
    await tx.query(`delete from auth.sessions where user_id = $1 and id = $2`, [userId, sessionId])
  else await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId])
}
