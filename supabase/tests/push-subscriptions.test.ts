/**
 * push_subscriptions beyond the access matrix: one row per endpoint (a new insert of an endpoint replaces the row
 * there was, whoever it belonged to), the owner as default, and only endpoints the sender may call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { asUser, createUser, run, sqlState } from './support/db-actors.ts'

const P256DH = `B${'C'.repeat(86)}`
const AUTH = 'QUFBQUFBQUFBQUFBQUFBQQ'
const INSERT = `insert into public.push_subscriptions (endpoint, p256dh, auth) values ($1, $2, $3)`

let ts: TestStack
let db: Database
let anna: string
let ben: string

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
  anna = await createUser(db, { firstName: 'Anna', lastName: 'A' })
  ben = await createUser(db, { firstName: 'Ben', lastName: 'B' })
})

afterAll(async () => {
  await ts?.stop()
})

const owners = (endpoint: string) =>
  run<{ user_id: string; auth: string }>(
    db,
    null,
    `select user_id, auth from public.push_subscriptions where endpoint = $1`,
    [endpoint],
  )

describe('push_subscriptions', () => {
  it('belongs to the caller by default', async () => {
    await run(db, asUser(anna), INSERT, ['https://push.example.com/a1', P256DH, AUTH])
    expect(await owners('https://push.example.com/a1')).toEqual([{ user_id: anna, auth: AUTH }])
  })

  it('keeps one row per endpoint: the same device subscribing again replaces its keys', async () => {
    await run(db, asUser(anna), INSERT, ['https://push.example.com/a2', P256DH, AUTH])
    const newAuth = 'QkJCQkJCQkJCQkJCQkJCQg'
    await run(db, asUser(anna), INSERT, ['https://push.example.com/a2', P256DH, newAuth])
    expect(await owners('https://push.example.com/a2')).toEqual([{ user_id: anna, auth: newAuth }])
  })

  it('moves an endpoint to the account that subscribes it now, although the caller cannot see the old row', async () => {
    await run(db, asUser(anna), INSERT, ['https://push.example.com/shared', P256DH, AUTH])
    await run(db, asUser(ben), INSERT, ['https://push.example.com/shared', P256DH, AUTH])
    expect(await owners('https://push.example.com/shared')).toEqual([{ user_id: ben, auth: AUTH }])
  })

  it("does not remove another account's row when the insert itself is refused", async () => {
    await run(db, asUser(anna), INSERT, ['https://push.example.com/kept', P256DH, AUTH])
    const state = await sqlState(
      db,
      asUser(ben),
      `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`,
      [anna, 'https://push.example.com/kept', P256DH, AUTH],
    )
    expect(state).toBe('42501')
    expect(await owners('https://push.example.com/kept')).toEqual([{ user_id: anna, auth: AUTH }])
  })

  it.each([
    ['http://push.example.com/x', '23514'],
    ['http://10.0.0.1/x', '23514'],
    ['ftp://push.example.com/x', '23514'],
    ['https://', '23514'],
    [`https://push.example.com/${'x'.repeat(2100)}`, '23514'],
    ['http://127.0.0.1:9000/push/1', 'ok'],
    ['http://localhost:9000/push/1', 'ok'],
    ['https://fcm.googleapis.com/fcm/send/abc:def', 'ok'],
  ])('endpoint %s → %s', async (endpoint, expected) => {
    expect(await sqlState(db, asUser(anna), INSERT, [endpoint, P256DH, AUTH])).toBe(expected)
  })

  it.each([
    ['p256dh too short', 'Bshort', AUTH],
    ['auth not base64url', P256DH, 'not base64 at all!!!!!'],
  ])('refuses keys of the wrong shape: %s', async (_name, p256dh, auth) => {
    expect(await sqlState(db, asUser(anna), INSERT, ['https://push.example.com/bad-keys', p256dh, auth])).toBe('23514')
  })
})
