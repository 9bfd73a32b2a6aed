import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack, type TestUser } from '../testing/test-stack.ts'
import { createFixtureBuckets, JPEG, PNG, storageFetch } from '../testing/storage-fixtures.ts'

let ts: TestStack
let alice: TestUser
let bob: TestUser
const publicName = () => `${alice.id}/listing 1/cover.png`
const privateName = () => `${alice.id}/secret.jpg`

beforeAll(async () => {
  ts = await startTestStack()
  await createFixtureBuckets(ts)
  alice = await ts.newUser()
  bob = await ts.newUser()
  const up1 = await alice.client.storage
    .from('fixture-public')
    .upload(publicName(), new Blob([PNG], { type: 'image/png' }), { cacheControl: '120' })
  const up2 = await alice.client.storage
    .from('fixture-private')
    .upload(privateName(), JPEG, { contentType: 'image/jpeg' })
  if (up1.error || up2.error) throw up1.error ?? up2.error
})
afterAll(() => ts?.stop())

describe('public objects: GET /object/public/:bucket/:path', () => {
  it('serves the bytes without any auth header, with the stored type, cache policy, length and ETag', async () => {
    const url = alice.client.storage.from('fixture-public').getPublicUrl(publicName()).data.publicUrl
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('max-age=120')
    expect(res.headers.get('content-length')).toBe(String(PNG.length))
    expect(res.headers.get('etag')).toMatch(/^".+"$/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG)
  })

  it('answers 304 without a body when If-None-Match carries the current ETag', async () => {
    const url = alice.client.storage.from('fixture-public').getPublicUrl(publicName()).data.publicUrl
    const etag = (await fetch(url)).headers.get('etag')!
    const again = await fetch(url, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect((await fetch(url, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200)
  })

  it('answers HEAD with the headers and no body', async () => {
    const url = alice.client.storage.from('fixture-public').getPublicUrl(publicName()).data.publicUrl
    const res = await fetch(url, { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(await res.text()).toBe('')
  })

  it('offers the file as an attachment with ?download', async () => {
    const url = alice.client.storage.from('fixture-public').getPublicUrl(publicName(), { download: 'my photo.png' })
      .data.publicUrl
    const res = await fetch(url)
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="my photo.png"')
  })

  it("does not serve a private bucket's object on the public route", async () => {
    const res = await fetch(`${ts.url}/storage/v1/object/public/fixture-private/${privateName()}`)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' })
  })

  it('answers 404 JSON for a missing object', async () => {
    const res = await fetch(`${ts.url}/storage/v1/object/public/fixture-public/${alice.id}/nothing.png`)
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ message: 'Object not found' })
  })
})

describe('authenticated download: GET /object/:bucket/:path', () => {
  it('gives the owner the private object as a Blob of its type', async () => {
    const { data, error } = await alice.client.storage.from('fixture-private').download(privateName())
    expect(error).toBeNull()
    expect(data!.type).toBe('image/jpeg')
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(JPEG)
  })

  it('hides it from another user and from visitors (RLS select) with 404', async () => {
    for (const client of [bob.client, ts.anon()]) {
      const { error } = await client.storage.from('fixture-private').download(privateName())
      expect(error).toMatchObject({ status: 404 })
    }
  })

  it('refuses an expired or forged bearer with 403', async () => {
    const expired = await ts.stack.ctx.jwt.sign({ role: 'authenticated', sub: alice.id }, -60)
    const res = await storageFetch(ts, `/object/fixture-private/${privateName()}`, { token: expired })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ statusCode: '403', message: 'jwt expired' })
  })
})

describe('signed URLs: POST and GET /object/sign/:bucket/:path', () => {
  it('lets the owner sign a private object; the URL serves it with no headers at all', async () => {
    const { data, error } = await alice.client.storage.from('fixture-private').createSignedUrl(privateName(), 60)
    expect(error).toBeNull()
    expect(data!.signedUrl).toContain(`/storage/v1/object/sign/fixture-private/${privateName()}?token=`)
    const res = await fetch(data!.signedUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(JPEG)
  })

  it('signs names with spaces so that storage-js builds a working URL', async () => {
    const { data } = await alice.client.storage.from('fixture-public').createSignedUrl(publicName(), 60)
    expect((await fetch(data!.signedUrl)).status).toBe(200)
  })

  it('refuses to sign what the caller may not read', async () => {
    const { error } = await bob.client.storage.from('fixture-private').createSignedUrl(privateName(), 60)
    expect(error).toMatchObject({ status: 404 })
  })

  it('refuses a token used for another object, a tampered token and an expired one', async () => {
    const { data } = await alice.client.storage.from('fixture-private').createSignedUrl(privateName(), 60)
    const token = new URL(data!.signedUrl).searchParams.get('token')!
    const other = await fetch(`${ts.url}/storage/v1/object/sign/fixture-public/${publicName()}?token=${token}`)
    const tampered = await fetch(
      `${ts.url}/storage/v1/object/sign/fixture-private/${privateName()}?token=${token.slice(0, -2)}xx`,
    )
    const expiredToken = await ts.stack.ctx.jwt.sign({ url: `fixture-private/${privateName()}` }, -60)
    const expired = await fetch(
      `${ts.url}/storage/v1/object/sign/fixture-private/${privateName()}?token=${expiredToken}`,
    )
    for (const res of [other, tampered, expired]) {
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ statusCode: '400' })
    }
  })

  it('refuses a user access token in place of a signed-URL token', async () => {
    const res = await fetch(
      `${ts.url}/storage/v1/object/sign/fixture-private/${privateName()}?token=${alice.accessToken}`,
    )
    expect(res.status).toBe(400)
  })

  it('refuses a nonsensical expiry', async () => {
    const { error } = await alice.client.storage.from('fixture-private').createSignedUrl(privateName(), -5)
    expect(error).toMatchObject({ status: 400 })
  })

  it('signs several paths at once, reporting the ones it cannot', async () => {
    const { data, error } = await alice.client.storage
      .from('fixture-private')
      .createSignedUrls([privateName(), `${alice.id}/none.jpg`], 60)
    expect(error).toBeNull()
    expect(data![0]).toMatchObject({ path: privateName(), error: null, signedUrl: expect.stringContaining('token=') })
    expect(data![1]).toMatchObject({ path: `${alice.id}/none.jpg`, error: expect.any(String) })
  })
})

describe('buckets', () => {
  it('lists the buckets and describes one to service_role', async () => {
    const service = ts.service()
    const { data } = await service.storage.listBuckets()
    expect(data!.map((b) => b.id)).toEqual(expect.arrayContaining(['fixture-public', 'fixture-private']))
    const one = await service.storage.getBucket('fixture-public')
    expect(one.data).toMatchObject({ id: 'fixture-public', public: true, file_size_limit: 1024 * 1024 })
    expect((await service.storage.getBucket('nope')).error).toMatchObject({ status: 404 })
  })

  it('shows a user no bucket, as hosted does without a policy on storage.buckets', async () => {
    const { data } = await alice.client.storage.listBuckets()
    expect(data).toEqual([])
    expect((await alice.client.storage.getBucket('fixture-public')).error).toMatchObject({ status: 404 })
  })
})
