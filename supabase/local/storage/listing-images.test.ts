/** The product's `listing-images` bucket (supabase/migrations) as the sell flow uses it (docs/product.md §7.3). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack, type TestUser } from '../testing/test-stack.ts'
import { JPEG, PNG, pngOfSize, stored, WEBP } from '../testing/storage-fixtures.ts'

const BUCKET = 'listing-images'
const SIX_MB = 6 * 1024 * 1024
let ts: TestStack
let seller: TestUser
let other: TestUser

beforeAll(async () => {
  ts = await startTestStack()
  seller = await ts.newUser()
  other = await ts.newUser()
})
afterAll(() => ts?.stop())

describe('listing-images bucket', () => {
  it("takes photos under the seller's own folder, as File uploads and raw bytes", async () => {
    const b = seller.client.storage.from(BUCKET)
    const jpeg = await b.upload(`${seller.id}/listing-1/a.jpg`, new Blob([JPEG], { type: 'image/jpeg' }))
    const webp = await b.upload(`${seller.id}/listing-1/b.webp`, WEBP, { contentType: 'image/webp' })
    expect(jpeg.error).toBeNull()
    expect(webp.error).toBeNull()
    expect(jpeg.data!.fullPath).toBe(`${BUCKET}/${seller.id}/listing-1/a.jpg`)
  })

  it("refuses a photo in someone else's folder with 403", async () => {
    const name = `${seller.id}/listing-1/intruder.png`
    const { error } = await other.client.storage.from(BUCKET).upload(name, PNG, { contentType: 'image/png' })
    expect(error).toMatchObject({ status: 403, message: 'new row violates row-level security policy' })
    expect(await stored(ts, BUCKET, name)).toEqual({ row: false, file: false })
  })

  it('serves a photo at its public URL to visitors, as the feed loads it', async () => {
    const name = `${seller.id}/listing-2/cover.png`
    await seller.client.storage.from(BUCKET).upload(name, new Blob([PNG], { type: 'image/png' }))
    const url = ts.anon().storage.from(BUCKET).getPublicUrl(name).data.publicUrl
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('max-age=3600')
  })

  it('refuses a PNG declared as JPEG with 415 and keeps nothing', async () => {
    const name = `${seller.id}/listing-3/fake.jpg`
    const { error } = await seller.client.storage.from(BUCKET).upload(name, new Blob([PNG], { type: 'image/jpeg' }))
    expect(error).toMatchObject({ status: 415 })
    expect(await stored(ts, BUCKET, name)).toEqual({ row: false, file: false })
  })

  it('refuses a 6 MB photo (over the 5 MiB bucket limit) with 413 JSON, keeps nothing and keeps serving', async () => {
    const name = `${seller.id}/listing-3/huge.png`
    const { error } = await seller.client.storage
      .from(BUCKET)
      .upload(name, new Blob([pngOfSize(SIX_MB)], { type: 'image/png' }))
    expect(error).toMatchObject({ status: 413, message: 'The object exceeded the maximum allowed size' })
    expect(await stored(ts, BUCKET, name)).toEqual({ row: false, file: false })
    const next = await seller.client.storage
      .from(BUCKET)
      .upload(`${seller.id}/listing-3/small.png`, PNG, { contentType: 'image/png' })
    expect(next.error).toBeNull()
  })

  it('refuses a file type the bucket does not list', async () => {
    const { error } = await seller.client.storage
      .from(BUCKET)
      .upload(`${seller.id}/x.svg`, Buffer.from('<svg/>'), { contentType: 'image/svg+xml' })
    expect(error).toMatchObject({ status: 415, message: 'mime type image/svg+xml is not supported' })
  })

  it('lets the seller remove an uploaded photo but not another seller', async () => {
    const name = `${seller.id}/listing-4/gone.png`
    await seller.client.storage.from(BUCKET).upload(name, PNG, { contentType: 'image/png' })
    expect((await other.client.storage.from(BUCKET).remove([name])).data).toEqual([])
    expect((await seller.client.storage.from(BUCKET).remove([name])).data).toHaveLength(1)
    expect(await stored(ts, BUCKET, name)).toEqual({ row: false, file: false })
  })

  it('cannot be listed by visitors or other members; a seller lists only their own folder; public URLs still serve', async () => {
    const name = `${seller.id}/listing-5/listed.png`
    await seller.client.storage.from(BUCKET).upload(name, PNG, { contentType: 'image/png' })
    const anonList = await ts.anon().storage.from(BUCKET).list(seller.id)
    expect(anonList.data ?? []).toEqual([])
    const otherList = await other.client.storage.from(BUCKET).list(`${seller.id}/listing-5`)
    expect(otherList.data ?? []).toEqual([])
    const own = await seller.client.storage.from(BUCKET).list(`${seller.id}/listing-5`)
    expect(own.data?.map((o) => o.name)).toEqual(['listed.png'])
    const res = await fetch(ts.anon().storage.from(BUCKET).getPublicUrl(name).data.publicUrl)
    expect(res.status).toBe(200)
  })
})
