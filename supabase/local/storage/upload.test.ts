import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack, type TestUser } from '../testing/test-stack.ts'
import {
  createFixtureBuckets,
  FIXTURE_LIMIT_BYTES,
  GIF,
  JPEG,
  PNG,
  pngOfSize,
  rawPost,
  storageFetch,
  stored,
  WEBP,
} from '../testing/storage-fixtures.ts'

let ts: TestStack
let alice: TestUser
let bob: TestUser
beforeAll(async () => {
  ts = await startTestStack()
  await createFixtureBuckets(ts)
  alice = await ts.newUser({ firstName: 'Alice' })
  bob = await ts.newUser({ firstName: 'Bob' })
})
afterAll(() => ts?.stop())

const bucket = (u: TestUser, id = 'fixture-public') => u.client.storage.from(id)

describe('upload: POST /object/:bucket/:path', () => {
  it('stores a multipart Blob upload with owner, type, size and cache policy, and answers {Key, Id}', async () => {
    const name = `${alice.id}/l1/photo 1.png`
    const { data, error } = await bucket(alice).upload(name, new Blob([PNG], { type: 'image/png' }), {
      cacheControl: '120',
    })
    expect(error).toBeNull()
    expect(data).toMatchObject({ path: name, fullPath: `fixture-public/${name}`, id: expect.any(String) })
    const { rows } = await ts.stack.ctx.db.pg.query<{ id: string; owner: string; metadata: Record<string, unknown> }>(
      `select id, owner, metadata from storage.objects where bucket_id = 'fixture-public' and name = $1`,
      [name],
    )
    expect(rows[0]).toMatchObject({
      id: data!.id,
      owner: alice.id,
      metadata: {
        mimetype: 'image/png',
        size: PNG.length,
        contentLength: PNG.length,
        cacheControl: 'max-age=120',
        eTag: expect.stringMatching(/^".+"$/),
      },
    })
    expect(await ts.stack.ctx.blobs.get('fixture-public', name)).toEqual(new Uint8Array(PNG))
  })

  it('stores a raw-body upload typed by its Content-Type header', async () => {
    const name = `${alice.id}/raw.jpg`
    const { error } = await bucket(alice).upload(name, JPEG, { contentType: 'image/jpeg' })
    expect(error).toBeNull()
    expect(await stored(ts, 'fixture-public', name)).toEqual({ row: true, file: true })
  })

  it('accepts a WEBP whose bytes are WEBP', async () => {
    const { error } = await bucket(alice).upload(`${alice.id}/ok.webp`, WEBP, { contentType: 'image/webp' })
    expect(error).toBeNull()
  })

  it('refuses an existing name with 409 Duplicate "The resource already exists" and keeps the first bytes', async () => {
    const name = `${alice.id}/dup.png`
    await bucket(alice).upload(name, PNG, { contentType: 'image/png' })
    const { error } = await bucket(alice).upload(name, pngOfSize(100), { contentType: 'image/png' })
    expect(error).toMatchObject({ status: 409, statusCode: '409', message: 'The resource already exists' })
    expect((await ts.stack.ctx.blobs.get('fixture-public', name))!.length).toBe(PNG.length)
  })

  it('replaces an existing object with x-upsert: true', async () => {
    const name = `${alice.id}/upsert.png`
    await bucket(alice).upload(name, PNG, { contentType: 'image/png' })
    const { error } = await bucket(alice).upload(name, pngOfSize(100), { contentType: 'image/png', upsert: true })
    expect(error).toBeNull()
    expect((await ts.stack.ctx.blobs.get('fixture-public', name))!.length).toBe(100)
  })

  it("refuses a write into another user's folder with 403 and the RLS message, leaving nothing behind", async () => {
    const name = `${alice.id}/from-bob.png`
    const { error } = await bucket(bob).upload(name, PNG, { contentType: 'image/png' })
    expect(error).toMatchObject({
      status: 403,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
    expect(await stored(ts, 'fixture-public', name)).toEqual({ row: false, file: false })
  })

  it('refuses an anonymous upload with 403', async () => {
    const { error } = await ts
      .anon()
      .storage.from('fixture-public')
      .upload(`${alice.id}/anon.png`, PNG, { contentType: 'image/png' })
    expect(error).toMatchObject({ status: 403 })
  })

  it('refuses an upload to a bucket that does not exist with 404 "Bucket not found"', async () => {
    const { error } = await bucket(alice, 'no-such-bucket').upload(`${alice.id}/x.png`, PNG, {
      contentType: 'image/png',
    })
    expect(error).toMatchObject({ status: 404, message: 'Bucket not found' })
  })
})

describe('update: PUT /object/:bucket/:path', () => {
  it('replaces the bytes and type of an existing object', async () => {
    const name = `${alice.id}/update.png`
    await bucket(alice).upload(name, PNG, { contentType: 'image/png' })
    const { error } = await bucket(alice).update(name, JPEG, { contentType: 'image/jpeg' })
    expect(error).toBeNull()
    expect(await ts.stack.ctx.blobs.get('fixture-public', name)).toEqual(new Uint8Array(JPEG))
  })

  it('answers 404 for an object that does not exist, creating nothing', async () => {
    const name = `${alice.id}/never.png`
    const { error } = await bucket(alice).update(name, PNG, { contentType: 'image/png' })
    expect(error).toMatchObject({ status: 404 })
    expect(await stored(ts, 'fixture-public', name)).toEqual({ row: false, file: false })
  })

  it('does not let another user replace the object', async () => {
    const name = `${alice.id}/mine.png`
    await bucket(alice).upload(name, PNG, { contentType: 'image/png' })
    const { error } = await bucket(bob).update(name, pngOfSize(64), { contentType: 'image/png' })
    expect(error).not.toBeNull()
    expect(await ts.stack.ctx.blobs.get('fixture-public', name)).toEqual(new Uint8Array(PNG))
  })
})

describe('bad uploads are refused with JSON errors, leave nothing behind, and the server keeps serving', () => {
  it('refuses a file over the bucket limit (declared by Content-Length) with 413', async () => {
    const name = `${alice.id}/too-big.png`
    const { error } = await bucket(alice).upload(name, pngOfSize(FIXTURE_LIMIT_BYTES + 1), { contentType: 'image/png' })
    expect(error).toMatchObject({
      status: 413,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    })
    expect(await stored(ts, 'fixture-public', name)).toEqual({ row: false, file: false })
  })

  it('refuses an oversized multipart upload with 413', async () => {
    const name = `${alice.id}/too-big-form.png`
    const { error } = await bucket(alice).upload(
      name,
      new Blob([pngOfSize(FIXTURE_LIMIT_BYTES + 1)], { type: 'image/png' }),
    )
    expect(error).toMatchObject({ status: 413 })
    expect(await stored(ts, 'fixture-public', name)).toEqual({ row: false, file: false })
  })

  it('counts a streamed body without Content-Length and stops it at the limit with 413', async () => {
    const name = `${alice.id}/streamed.png`
    const chunk = new Uint8Array(64 * 1024)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Twice the limit is offered; the server must stop reading long before the end.
        if (sent >= 2 * FIXTURE_LIMIT_BYTES) return controller.close()
        controller.enqueue(sent === 0 ? new Uint8Array(pngOfSize(chunk.length)) : chunk)
        sent += chunk.length
      },
    })
    const res = await storageFetch(ts, `/object/fixture-public/${name}`, {
      method: 'POST',
      token: alice.accessToken,
      headers: { 'content-type': 'image/png' },
      body,
      duplex: 'half',
    } as RequestInit & { token: string })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ statusCode: '413', error: 'Payload too large' })
    expect(await stored(ts, 'fixture-public', name)).toEqual({ row: false, file: false })
  })

  it('refuses a PNG declared as JPEG by its magic bytes with 415', async () => {
    const name = `${alice.id}/liar.jpg`
    const { error } = await bucket(alice).upload(name, new Blob([PNG], { type: 'image/jpeg' }))
    expect(error).toMatchObject({ status: 415, statusCode: '415' })
    expect(error!.message).toContain('image/jpeg')
    expect(await stored(ts, 'fixture-public', name)).toEqual({ row: false, file: false })
  })

  it('refuses a script declared as an image with 415', async () => {
    const name = `${alice.id}/script.png`
    const { error } = await bucket(alice).upload(name, Buffer.from('<script>alert(1)</script>'), {
      contentType: 'image/png',
    })
    expect(error).toMatchObject({ status: 415 })
    expect(await stored(ts, 'fixture-public', name)).toEqual({ row: false, file: false })
  })

  it.each([
    ['text/plain', Buffer.from('hello')],
    ['image/gif', GIF],
  ])('refuses %s, which the bucket does not allow, with 415 "mime type … is not supported"', async (type, bytes) => {
    const name = `${alice.id}/not-allowed`
    const { error } = await bucket(alice).upload(name, bytes, { contentType: type })
    expect(error).toMatchObject({ status: 415, message: `mime type ${type} is not supported` })
    expect(await stored(ts, 'fixture-public', name)).toEqual({ row: false, file: false })
  })

  // URL parsing already resolves literal `.`/`..` segments (even %2E%2E); these are the ways one reaches the name.
  it.each([
    ['a parent segment behind encoded slashes', (id: string) => `${id}/..%2F..%2F..%2Fescape.png`],
    ['a dot segment behind an encoded slash', (id: string) => `${id}/.%2Fdot.png`],
    ['an empty segment', (id: string) => `${id}//double.png`],
    ['a leading slash', (id: string) => `/${id}/lead.png`],
    ['a control character', (id: string) => `${id}/bell%07.png`],
    ['a backslash', (id: string) => `${id}/..%5C..%5Cescape.png`],
  ])('refuses an object name with %s with 400 InvalidKey', async (_what, name) => {
    const res = await rawPost(
      ts,
      `/storage/v1/object/fixture-public/${name(alice.id)}`,
      alice.accessToken,
      'image/png',
      PNG,
    )
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ statusCode: '400', error: 'InvalidKey' })
  })

  it('still serves uploads and health checks after all of the above', async () => {
    expect((await fetch(`${ts.url}/health`)).status).toBe(200)
    const { error } = await bucket(alice).upload(`${alice.id}/after.png`, PNG, { contentType: 'image/png' })
    expect(error).toBeNull()
  })
})
