/**
 * Who may write is decided before a body is read: an upload the bucket's policies refuse, and an anonymous REST
 * body over its small cap, are answered while the client is still sending — the server never waits for (or holds)
 * the rest. Each request here sends 64 KB and then keeps its body open; only an answer given unread can arrive.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack, type TestUser } from '../testing/test-stack.ts'
import { MAX_BODY_BYTES } from '../rest/limits.ts'
import { createFixtureBuckets } from '../testing/storage-fixtures.ts'

let ts: TestStack
let alice: TestUser
let bob: TestUser
const open: http.ClientRequest[] = []

beforeAll(async () => {
  ts = await startTestStack()
  await createFixtureBuckets(ts)
  alice = await ts.newUser({ firstName: 'Alice' })
  bob = await ts.newUser({ firstName: 'Bob' })
})
afterAll(async () => {
  for (const r of open) r.destroy()
  await ts?.stop()
})

/** Starts a chunked request, writes `firstBytes` and never ends it; resolves with the status once answered. */
function endlessPost(path: string, token: string, contentType: string, firstBytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${ts.url}${path}`,
      {
        method: 'POST',
        headers: {
          apikey: ts.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
    req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)))
    open.push(req)
    req.write(Buffer.alloc(firstBytes, 0x61))
  })
}

describe('refused before the body is read', () => {
  it('an anonymous upload to a bucket whose policies refuse it', async () => {
    expect(
      await endlessPost(`/storage/v1/object/fixture-public/${alice.id}/x.png`, ts.anonKey, 'image/png', 64 * 1024),
    ).toBe(403)
  })

  it("an upload into another user's folder", async () => {
    expect(
      await endlessPost(`/storage/v1/object/fixture-public/${alice.id}/y.png`, bob.accessToken, 'image/png', 64 * 1024),
    ).toBe(403)
  })

  it('an anonymous REST body over its cap, sent without a length', async () => {
    expect(await endlessPost('/rest/v1/trial_users', ts.anonKey, 'application/json', MAX_BODY_BYTES.anon + 1)).toBe(413)
  })

  it('a signed-in REST body is allowed more than an anonymous one', async () => {
    const body = JSON.stringify({ email: 'a@b.ch', first_name: 'x'.repeat(MAX_BODY_BYTES.anon) })
    const res = await fetch(`${ts.url}/rest/v1/trial_users`, {
      method: 'POST',
      body,
      headers: { apikey: ts.anonKey, authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json' },
    })
    expect(res.status).not.toBe(413)
  })
})
