/**
 * Profiles: created by the sign-up trigger from the sign-up metadata; public names for everyone, the e-mail and
 * subscription fields for the owner only (through my_profile); subscription fields settable only by the server;
 * cancel_subscription changes the caller's own status and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { ANON, asUser, attempt, createUser, run, sqlState } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let owner: string
let other: string
const OWNER_EMAIL = `owner-${process.pid}@test.kreis.ch`

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  owner = await createUser(db, { email: OWNER_EMAIL, firstName: 'Olivia', lastName: 'Owner' })
  other = await createUser(db, { firstName: 'Otto', lastName: 'Other' })
})

afterAll(async () => {
  await ts?.stop()
})

describe('the sign-up trigger', () => {
  it('creates a profile with the names from the sign-up metadata, the e-mail and the sign-up time', async () => {
    const [user] = await run<{ id: string; created_at: Date }>(
      db,
      null,
      // As GoTrue writes it: hosted auth.users has no defaults for id or created_at.
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', 'new-member@test.kreis.ch',
         '{"first_name":"  Lea ","last_name":"Frei"}', now() - interval '3 days', now() - interval '3 days')
       returning id, created_at`,
    )
    const [profile] = await run(
      db,
      null,
      `select first_name, last_name, email, created_at from public.profiles where id = $1`,
      [user!.id],
    )
    expect(profile).toEqual({
      first_name: 'Lea',
      last_name: 'Frei',
      email: 'new-member@test.kreis.ch',
      created_at: user!.created_at,
    })
  })

  it('stores missing or blank names as null', async () => {
    const [user] = await run<{ id: string }>(
      db,
      null,
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', 'no-names@test.kreis.ch', '{"first_name":"  "}',
         now(), now()) returning id`,
    )
    const [profile] = await run(db, null, `select first_name, last_name from public.profiles where id = $1`, [user!.id])
    expect(profile).toEqual({ first_name: null, last_name: null })
  })

  it('follows a change of the auth e-mail', async () => {
    const id = await createUser(db)
    await run(db, null, `update auth.users set email = 'changed@test.kreis.ch' where id = $1`, [id])
    const [profile] = await run(db, null, `select email from public.profiles where id = $1`, [id])
    expect(profile).toEqual({ email: 'changed@test.kreis.ch' })
  })
})

describe('e-mail privacy', () => {
  it.each([
    { who: 'another user', claims: () => asUser(other), sql: `select * from public.profiles where id = $1` },
    { who: 'another user', claims: () => asUser(other), sql: `select email from public.profiles where id = $1` },
    {
      who: 'another user',
      claims: () => asUser(other),
      sql: `select subscription_status from public.profiles where id = $1`,
    },
    { who: 'a visitor', claims: () => ANON, sql: `select * from public.profiles where id = $1` },
    { who: 'a visitor', claims: () => ANON, sql: `select email from public.profiles where id = $1` },
    // Even the owner reads private columns only through my_profile.
    { who: 'the owner', claims: () => asUser(owner), sql: `select email from public.profiles where id = $1` },
  ])('$who gets 42501 for: $sql', async ({ claims, sql }) => {
    expect(await sqlState(db, claims(), sql, [owner])).toBe('42501')
  })

  it('lets anyone read the public columns of a profile', async () => {
    const rows = await run(
      db,
      ANON,
      `select id, first_name, last_name, location, profile_picture_url, created_at, updated_at from public.profiles where id = $1`,
      [owner],
    )
    expect(rows).toMatchObject([{ id: owner, first_name: 'Olivia', last_name: 'Owner' }])
  })

  it('shows the owner their whole row through my_profile, and nobody else’s', async () => {
    const mine = await run(db, asUser(owner), `select id, email, subscription_status from public.my_profile`)
    expect(mine).toEqual([{ id: owner, email: OWNER_EMAIL, subscription_status: null }])
    const theirs = await run(db, asUser(other), `select id, email from public.my_profile where id = $1`, [owner])
    expect(theirs).toEqual([])
    expect(await sqlState(db, ANON, `select * from public.my_profile`)).toBe('42501')
  })
})

describe('profile updates', () => {
  it('lets the owner update names, location and picture (and send updated_at, as the spec payload does)', async () => {
    const rows = await run(
      db,
      asUser(owner),
      `update public.profiles set first_name = 'Liv', last_name = 'O.', location = 'Bern', profile_picture_url = $1 || '/profile/a.webp',
         updated_at = now() where id = $1 returning id, first_name, location`,
      [owner],
    )
    expect(rows).toEqual([{ id: owner, first_name: 'Liv', location: 'Bern' }])
  })

  it.each([
    ['a javascript: URL', 'javascript:alert(1)'],
    ['another host (tracks who looks)', 'https://tracker.example/p.png'],
    ["another member's photo", '00000000-0000-4000-8000-000000000001/profile/a.webp'],
    ['a path climbing out of the folder', '{me}/../00000000-0000-4000-8000-000000000001/a.webp'],
  ])('refuses a profile picture that is %s (23514)', async (_what, url) => {
    const state = await sqlState(
      db,
      asUser(owner),
      `update public.profiles set profile_picture_url = $2 where id = $1`,
      [owner, url.replace('{me}', owner)],
    )
    expect(state).toBe('23514')
  })

  it.each([
    { column: 'subscription_status', value: 'active' },
    { column: 'subscription_start_date', value: '2026-01-01T00:00:00Z' },
    { column: 'last_payment_date', value: '2026-01-01T00:00:00Z' },
    { column: 'email', value: 'spoof@test.kreis.ch' },
    { column: 'created_at', value: '2020-01-01T00:00:00Z' },
  ])('refuses the owner setting $column (42501)', async ({ column, value }) => {
    expect(
      await sqlState(db, asUser(owner), `update public.profiles set ${column} = $2 where id = $1`, [owner, value]),
    ).toBe('42501')
  })

  it('lets server functions (service_role) set the subscription fields', async () => {
    const outcome = await attempt(
      db,
      { role: 'service_role' },
      `update public.profiles set subscription_status = 'active', last_payment_date = now() where id = $1`,
      [owner],
    )
    expect(outcome).toMatchObject({ ok: true, affected: 1 })
  })
})

describe('cancel_subscription()', () => {
  it('sets the caller’s status to cancelled, returns their my_profile row, and leaves other users alone', async () => {
    await run(db, null, `update public.profiles set subscription_status = 'active' where id in ($1, $2)`, [
      owner,
      other,
    ])
    const [row] = await run(db, asUser(owner), `select * from public.cancel_subscription()`)
    expect(row).toMatchObject({ id: owner, email: OWNER_EMAIL, subscription_status: 'cancelled' })
    const statuses = await run(
      db,
      null,
      `select id, subscription_status from public.profiles where id in ($1, $2) order by id = $1`,
      [owner, other],
    )
    expect(statuses).toEqual([
      { id: other, subscription_status: 'active' },
      { id: owner, subscription_status: 'cancelled' },
    ])
  })

  it('is not callable by a visitor (42501)', async () => {
    expect(await sqlState(db, ANON, `select * from public.cancel_subscription()`)).toBe('42501')
  })
})
