/**
 * The local platform is as strict as hosted Supabase where the project touches it (supabase/local/db/platform.sql
 * names the upstream versions): what passes here must not fail there. Each case is a difference a looser copy had.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { ANON, asUser, attempt, createUser, run, sqlState } from './support/db-actors.ts'

let ts: TestStack
let db: Database

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
})

afterAll(async () => {
  await ts?.stop()
})

interface ColumnFacts {
  name: string
  nullable: boolean
  default: string | null
}

async function columns(schema: string, table: string): Promise<Map<string, ColumnFacts>> {
  const rows = await run<{ name: string; nullable: boolean; default: string | null }>(
    db,
    null,
    `select a.attname as name, not a.attnotnull as nullable, pg_get_expr(d.adbin, d.adrelid) as default
       from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = ($1 || '.' || $2)::regclass and a.attnum > 0 and not a.attisdropped`,
    [schema, table],
  )
  return new Map(rows.map((r) => [r.name, r]))
}

describe('auth schema as GoTrue leaves it', () => {
  it('has no defaults for id, aud, role, metadata or times, and they are nullable except the key', async () => {
    const users = await columns('auth', 'users')
    expect(users.get('id')).toEqual({ name: 'id', nullable: false, default: null })
    for (const name of ['aud', 'role', 'raw_app_meta_data', 'raw_user_meta_data', 'created_at', 'updated_at']) {
      expect(users.get(name), name).toEqual({ name, nullable: true, default: null })
    }
  })

  it('has the token columns GoTrue scans', async () => {
    const users = await columns('auth', 'users')
    for (const name of [
      'confirmation_token',
      'recovery_token',
      'email_change_token_new',
      'email_change_token_current',
      'email_change',
      'phone_change',
      'phone_change_token',
      'reauthentication_token',
    ]) {
      expect(users.has(name), name).toBe(true)
    }
  })

  it('refuses a user without an id, as hosted does', async () => {
    expect(await sqlState(db, null, `insert into auth.users (email) values ('no-id@test.kreis.ch')`)).toBe('23502')
  })

  it('has auth.identities, and a sign-up through the API creates the e-mail identity with the token columns empty', async () => {
    const user = await ts.newUser()
    const [row] = await run<{ provider_id: string; provider: string; email: string; tokens: string[] }>(
      db,
      null,
      `select i.provider_id, i.provider, i.email,
              array[u.confirmation_token, u.recovery_token, u.email_change_token_new, u.email_change] as tokens
         from auth.identities i join auth.users u on u.id = i.user_id where u.id = $1`,
      [user.id],
    )
    expect(row).toEqual({ provider_id: user.id, provider: 'email', email: user.email, tokens: ['', '', '', ''] })
  })

  it('gives the API roles no access to auth tables, service_role included (RLS on, no grant)', async () => {
    for (const claims of [ANON, asUser(await createUser(db)), { role: 'service_role' as const }]) {
      expect(await sqlState(db, claims, `select id from auth.users limit 1`), claims.role).toBe('42501')
      expect(await sqlState(db, claims, `select id from auth.identities limit 1`), claims.role).toBe('42501')
    }
    const rls = await run<{ relname: string; relrowsecurity: boolean }>(
      db,
      null,
      `select relname, relrowsecurity from pg_class where relnamespace = 'auth'::regnamespace and relkind = 'r' order by 1`,
    )
    expect(rls.every((r) => r.relrowsecurity)).toBe(true)
  })
})

describe('the seed as a real sign-up leaves it', () => {
  it('has empty token columns (never NULL) and one e-mail identity per demo account', async () => {
    const rows = await run<{ email: string; null_tokens: number; identities: number }>(
      db,
      null,
      `select u.email,
              num_nulls(u.confirmation_token, u.recovery_token, u.email_change_token_new, u.email_change)::int as null_tokens,
              (select count(*)::int from auth.identities i
                where i.user_id = u.id and i.provider = 'email' and i.provider_id = u.id::text) as identities
         from auth.users u where u.email like '%@demo.kreis.ch' order by u.email`,
    )
    expect(rows).toHaveLength(5)
    for (const r of rows) expect(r, r.email).toMatchObject({ null_tokens: 0, identities: 1 })
  })
})

describe('storage as storage-api leaves it', () => {
  it('has no policy on storage.buckets: the API roles see no bucket rows directly', async () => {
    const policies = await run(
      db,
      null,
      `select policyname from pg_policies where schemaname = 'storage' and tablename = 'buckets'`,
    )
    expect(policies).toEqual([])
    const seen = await attempt(db, ANON, `select id from storage.buckets`)
    expect(seen).toMatchObject({ ok: true, rows: [] })
  })

  it('refuses direct deletes from storage.objects and storage.buckets without the storage API guard', async () => {
    expect(await sqlState(db, null, `delete from storage.buckets where id = 'nope'`)).toBe('42501')
    expect(await sqlState(db, { role: 'service_role' }, `delete from storage.objects where name = 'nope'`)).toBe(
      '42501',
    )
  })
})

describe('roles and extensions', () => {
  it('keeps pgcrypto in schema extensions', async () => {
    const [row] = await run<{ schema: string }>(
      db,
      null,
      `select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pgcrypto'`,
    )
    expect(row).toEqual({ schema: 'extensions' })
  })

  it('has the API roles INHERIT and only service_role BYPASSRLS, as after 20230529180330_alter_api_roles_for_inherit', async () => {
    const rows = await run<{ rolname: string; rolinherit: boolean; rolbypassrls: boolean; rolcanlogin: boolean }>(
      db,
      null,
      `select rolname, rolinherit, rolbypassrls, rolcanlogin from pg_roles
        where rolname in ('anon', 'authenticated', 'service_role') order by rolname`,
    )
    expect(rows).toEqual([
      { rolname: 'anon', rolinherit: true, rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticated', rolinherit: true, rolbypassrls: false, rolcanlogin: false },
      { rolname: 'service_role', rolinherit: true, rolbypassrls: true, rolcanlogin: false },
    ])
  })
})
