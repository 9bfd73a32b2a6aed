/**
 * A member's language (migration 20261127120000, docs/product.md#R-language-profile): one of the four locales or
 * null, the owner's to set and to read (through my_profile), nobody else's; edited by edit time like the names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { ANON, asUser, createUser, run, sqlState } from './support/db-actors.ts'

let ts: TestStack
let db: Database
let owner: string
let other: string

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  owner = await createUser(db, { firstName: 'Olivia' })
  other = await createUser(db, { firstName: 'Otto' })
})

afterAll(async () => {
  await ts?.stop()
})

const setLanguage = (user: string, target: string, language: string | null, editedAt?: Date) =>
  run<{ language: string | null }>(
    db,
    asUser(user),
    editedAt
      ? `update public.profiles set language = $2, edited_at = $3 where id = $1 returning id`
      : `update public.profiles set language = $2 where id = $1 returning id`,
    editedAt ? [target, language, editedAt] : [target, language],
  )
const mine = async (user: string) =>
  (
    await run<{ language: string | null; edited_at?: Date }>(db, asUser(user), `select language from public.my_profile`)
  )[0]?.language
const storedEditTime = async (user: string) =>
  (await run<{ edited_at: Date }>(db, null, `select edited_at from public.profiles where id = $1`, [user]))[0]!
    .edited_at

describe('profiles.language', () => {
  it('starts empty and takes each of the four locales, read back through my_profile', async () => {
    expect(await mine(owner)).toBeNull()
    for (const language of ['de-CH', 'fr-CH', 'it-CH', 'en']) {
      await setLanguage(owner, owner, language)
      expect(await mine(owner)).toBe(language)
    }
    await setLanguage(owner, owner, null)
    expect(await mine(owner)).toBeNull()
  })

  it.each(['de', 'DE-CH', 'fr', 'rm', 'en-XA', ''])('refuses %j (23514)', async (language) => {
    expect(
      await sqlState(db, asUser(owner), `update public.profiles set language = $2 where id = $1`, [owner, language]),
    ).toBe('23514')
  })

  it('is private: nobody reads it from profiles, and another member cannot set it', async () => {
    await setLanguage(owner, owner, 'it-CH')
    expect(await sqlState(db, ANON, `select language from public.profiles where id = $1`, [owner])).toBe('42501')
    expect(await sqlState(db, asUser(other), `select language from public.profiles where id = $1`, [owner])).toBe(
      '42501',
    )
    expect(await sqlState(db, asUser(owner), `select language from public.profiles where id = $1`, [owner])).toBe(
      '42501',
    )
    expect(await setLanguage(other, owner, 'de-CH')).toEqual([])
    expect(await mine(owner)).toBe('it-CH')
    const [served] = await run<{ language: string }>(
      db,
      { role: 'service_role' },
      `select language from public.profiles where id = $1`,
      [owner],
    )
    expect(served).toEqual({ language: 'it-CH' })
  })

  it('keeps the latest edit by edit time: an older language choice arriving last changes nothing', async () => {
    const user = await createUser(db)
    const t = Date.now()
    await setLanguage(user, user, 'fr-CH', new Date(t - 10_000))
    await setLanguage(user, user, 'de-CH', new Date(t - 60_000))
    expect(await mine(user)).toBe('fr-CH')
    await setLanguage(user, user, 'it-CH', new Date(t - 5_000))
    expect(await mine(user)).toBe('it-CH')
  })

  it('counts a change of language sent with the stored edit time as an edit made now', async () => {
    const user = await createUser(db)
    const at = new Date(Date.now() - 60_000)
    await setLanguage(user, user, 'fr-CH', at)
    const before = await storedEditTime(user)
    await setLanguage(user, user, 'de-CH', at)
    expect(await mine(user)).toBe('de-CH')
    expect((await storedEditTime(user)).getTime()).toBeGreaterThan(before.getTime())
  })
})
