/**
 * Running SQL as a given caller, the way the REST layer runs every request (Database.withClaims: the caller's
 * role plus request.jwt.claims, so RLS and privileges decide), and creating users directly in auth.users.
 */
import { randomUUID } from 'node:crypto'
import type { Claims, Database } from '../../local/db/database.ts'

export const ANON: Claims = { role: 'anon' }

export function asUser(id: string): Claims {
  return { role: 'authenticated', sub: id, aud: 'authenticated' }
}

export type Outcome =
  { ok: true; rows: Record<string, unknown>[]; affected: number } | { ok: false; code: string; message: string }

class Rollback extends Error {
  constructor(readonly outcome: Outcome) {
    super('rollback')
  }
}

function outcomeOfError(e: unknown): Outcome {
  const err = e as { code?: unknown; message?: unknown }
  if (typeof err.code !== 'string') throw e
  return { ok: false, code: err.code, message: String(err.message) }
}

/** Runs one statement as `claims` inside a transaction that is always rolled back, so attempts never mix. */
export async function attempt(
  db: Database,
  claims: Claims | null,
  sql: string,
  params: unknown[] = [],
): Promise<Outcome> {
  try {
    await db.withClaims(claims, async (tx) => {
      const r = await tx.query<Record<string, unknown>>(sql, params)
      throw new Rollback({ ok: true, rows: r.rows, affected: r.affectedRows ?? 0 })
    })
  } catch (e) {
    if (e instanceof Rollback) return e.outcome
    return outcomeOfError(e)
  }
  throw new Error('unreachable: the attempt transaction committed')
}

/** Runs one statement as `claims` and commits; throws the database error as it is. */
export async function run<T extends Record<string, unknown>>(
  db: Database,
  claims: Claims | null,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return db.withClaims(claims, async (tx) => (await tx.query<T>(sql, params)).rows)
}

/** The SQLSTATE of a statement that must fail, or 'ok' when it does not (rolled back either way). */
export async function sqlState(
  db: Database,
  claims: Claims | null,
  sql: string,
  params: unknown[] = [],
): Promise<string> {
  const outcome = await attempt(db, claims, sql, params)
  return outcome.ok ? 'ok' : outcome.code
}

let userCounter = 0

/** A new auth user (the sign-up trigger makes the profile); returns its id. */
export async function createUser(
  db: Database,
  opts: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<string> {
  const email = opts.email ?? `db-user-${process.pid}-${++userCounter}@test.kreis.ch`
  const meta = { first_name: opts.firstName ?? 'Test', last_name: opts.lastName ?? `User${userCounter}` }
  const rows = await run<{ id: string }>(
    db,
    null,
    // Every column as GoTrue writes it (hosted auth.users has no defaults), with the e-mail identity a sign-up makes.
    `with u as (
       insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new,
         email_change, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1, 'x',
         now(), '{"provider":"email","providers":["email"]}', $2, '', '', '', '', now(), now())
       returning id, email
     ), i as (
       insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       select id::text, id, jsonb_build_object('sub', id::text, 'email', email), 'email', now(), now() from u
     )
     select id from u`,
    [email, meta],
  )
  return rows[0]!.id
}

export interface ListingInput {
  id?: string
  status?: 'active' | 'sold'
  title?: string
  /** The device edit time the listing was created with (default: now). */
  editedAt?: Date
}

/** A valid listing owned by `userId`, inserted as superuser; returns its id. */
export async function createListing(db: Database, userId: string, input: ListingInput = {}): Promise<string> {
  const rows = await run<{ id: string }>(
    db,
    null,
    `insert into public.listings (id, user_id, title, description, price, condition, category, status, edited_at)
     values (coalesce($1::uuid, gen_random_uuid()), $2, $3, 'A warm wool coat, barely worn.', 80, 'very_good', 'women', $4,
             coalesce($5::timestamptz, now()))
     returning id`,
    [input.id ?? null, userId, input.title ?? 'Wool coat', input.status ?? 'active', input.editedAt ?? null],
  )
  return rows[0]!.id
}

/**
 * A listing owned by `userId` with any columns set (`columns` over a valid wool coat), inserted as superuser, so
 * triggers run as on a server write; returns its id.
 */
export async function insertListingRow(
  db: Database,
  userId: string,
  columns: Record<string, unknown> = {},
): Promise<string> {
  const row = {
    id: randomUUID(),
    user_id: userId,
    title: 'Wool coat',
    description: 'Warm.',
    price: 80,
    condition: 'very_good',
    category: 'women',
    status: 'active',
    ...columns,
  }
  await run(
    db,
    null,
    `insert into public.listings select * from json_populate_record(null::public.listings, $1::json)`,
    [JSON.stringify(row)],
  )
  return row.id as string
}

/**
 * A listing photo's path in its seller's own folder (the only place a photo may point, docs/decisions.md#D-image-locations),
 * with its file's storage row, as the app leaves it after the upload: save_listings takes no photo whose file is missing.
 */
export async function storedPhoto(db: Database, sellerId: string, listingId: string, name: string): Promise<string> {
  const path = `${sellerId}/${listingId}/${name}.webp`
  await run(
    db,
    null,
    `insert into storage.objects (bucket_id, name, owner) values ('listing-images', $1, $2) on conflict do nothing`,
    [path, sellerId],
  )
  return path
}
