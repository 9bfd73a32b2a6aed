/**
 * Profile edits keep the latest edit by edit time (migration 20261123002200): a stale offline edit arriving last
 * changes nothing and the stored profile comes back, an update without edit time counts as an edit made now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { asUser, createUser, run } from './support/db-actors.ts'

let ts: TestStack
let db: Database

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
})

afterAll(async () => {
  await ts?.stop()
})

const edit = (user: string, firstName: string, editedAt: Date | null) =>
  run<{ first_name: string }>(
    db,
    asUser(user),
    editedAt
      ? `update public.profiles set first_name = $2, edited_at = $3 where id = $1 returning first_name`
      : `update public.profiles set first_name = $2 where id = $1 returning first_name`,
    editedAt ? [user, firstName, editedAt] : [user, firstName],
  )
const stored = async (user: string) =>
  (
    await run<{ first_name: string; edited_at: Date; updated_at: Date }>(
      db,
      null,
      `select first_name, edited_at, updated_at from public.profiles where id = $1`,
      [user],
    )
  )[0]!

describe('profile edits by edit time', () => {
  it('an older edit arriving after a newer one changes nothing and answers with the stored profile', async () => {
    const user = await createUser(db)
    const t = Date.now()
    await edit(user, 'Newer', new Date(t - 10_000))
    const before = await stored(user)
    expect(await edit(user, 'Older', new Date(t - 60_000))).toEqual([{ first_name: 'Newer' }])
    expect(await stored(user)).toEqual(before)
    await edit(user, 'Newest', new Date(t - 5_000))
    expect((await stored(user)).first_name).toBe('Newest')
  })

  it('a device clock ahead of the server is clamped to now; an edit without edit time counts as made now', async () => {
    const user = await createUser(db)
    await edit(user, 'Future', new Date(Date.now() + 3_600_000))
    expect((await stored(user)).edited_at.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
    await edit(user, 'No time', null)
    expect((await stored(user)).first_name).toBe('No time')
    expect(await edit(user, 'Stale', new Date(Date.now() - 60_000))).toEqual([{ first_name: 'No time' }])
  })
})
