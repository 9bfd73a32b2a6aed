/**
 * /storage/v1: the storage-api routes supabase-js uses (docs/supabase-wire.md §4) on storage.buckets and
 * storage.objects, bytes in the BlobStore. Specific routes are registered before `/object/:bucket/:path`, which
 * would otherwise also match them.
 */
import { Hono, type Context } from 'hono'
import type { StackContext } from '../context.ts'
import { MAX_SIGNED_URL_SECONDS } from './constants.ts'
import { storageErrors } from './errors.ts'
import { list } from './list.ts'
import { bucketJson, findObject, listBuckets } from './objects.ts'
import { remove } from './remove.ts'
import { addressedBucket, addressedName, jsonBody, storageClaims } from './request.ts'
import { objectResponse } from './serve-object.ts'
import { checkSignedToken, signedPath } from './signed-url.ts'
import { upload } from './upload.ts'

const OBJECT = ':bucket/:path{.+}'

function expiresIn(v: unknown): number {
  const n = typeof v === 'number' ? v : Number(v)
  if (!Number.isInteger(n) || n < 1 || n > MAX_SIGNED_URL_SECONDS) {
    throw storageErrors.invalidRequest(
      `expiresIn must be a whole number of seconds from 1 to ${MAX_SIGNED_URL_SECONDS}`,
    )
  }
  return n
}

export function createStorageApi(ctx: StackContext): Hono {
  const app = new Hono()

  app.get('/bucket', async (c) => {
    const claims = await storageClaims(ctx, c)
    return c.json((await ctx.db.withClaims(claims, listBuckets)).map(bucketJson))
  })
  // As storage-api: bucket rows are read as the caller, so without a policy on storage.buckets (hosted has none)
  // only service_role sees them; uploads and downloads look the bucket up as superuser (request.ts).
  app.get('/bucket/:bucket', async (c) => {
    const claims = await storageClaims(ctx, c)
    const bucket = await addressedBucket(ctx, c)
    const visible = await ctx.db.withClaims(claims, async (tx) =>
      (await listBuckets(tx)).some((b) => b.id === bucket.id),
    )
    if (!visible) throw storageErrors.noSuchBucket()
    return c.json(bucketJson(bucket))
  })

  app.post('/object/list/:bucket', (c) => list(ctx, c))

  app.post(`/object/sign/${OBJECT}`, async (c) => {
    const claims = await storageClaims(ctx, c)
    const bucket = await addressedBucket(ctx, c)
    const name = addressedName(c)
    const seconds = expiresIn((await jsonBody(c)).expiresIn)
    // Only what the caller may read can be shared.
    if (!(await ctx.db.withClaims(claims, (tx) => findObject(tx, bucket.id, name)))) throw storageErrors.noSuchKey()
    return c.json({ signedURL: await signedPath(ctx, bucket.id, name, seconds) })
  })
  app.post('/object/sign/:bucket', async (c) => {
    const claims = await storageClaims(ctx, c)
    const bucket = await addressedBucket(ctx, c)
    const body = await jsonBody(c)
    const seconds = expiresIn(body.expiresIn)
    if (!Array.isArray(body.paths) || !body.paths.every((p) => typeof p === 'string')) {
      throw storageErrors.invalidRequest('paths must be a list of object names')
    }
    const paths = body.paths as string[]
    const visible = await ctx.db.withClaims(claims, async (tx) => {
      const found = new Set<string>()
      for (const p of paths) if (await findObject(tx, bucket.id, p)) found.add(p)
      return found
    })
    const out = []
    for (const p of paths) {
      out.push(
        visible.has(p)
          ? { error: null, path: p, signedURL: await signedPath(ctx, bucket.id, p, seconds) }
          : { error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null },
      )
    }
    return c.json(out)
  })
  app.get(`/object/sign/${OBJECT}`, async (c) => {
    const bucket = await addressedBucket(ctx, c)
    const name = addressedName(c)
    await checkSignedToken(ctx, c.req.query('token'), bucket.id, name)
    return objectResponse(ctx, c, await ctx.db.asSuperuser((tx) => findObject(tx, bucket.id, name)))
  })

  app.get(`/object/public/${OBJECT}`, async (c) => {
    const bucket = await addressedBucket(ctx, c)
    const name = addressedName(c)
    // A private bucket's objects are not there for anonymous readers, whatever their name.
    if (!bucket.public) throw storageErrors.noSuchKey()
    return objectResponse(ctx, c, await ctx.db.asSuperuser((tx) => findObject(tx, bucket.id, name)))
  })

  const download = async (c: Context) => {
    const claims = await storageClaims(ctx, c)
    const bucket = await addressedBucket(ctx, c)
    const name = addressedName(c)
    return objectResponse(ctx, c, await ctx.db.withClaims(claims, (tx) => findObject(tx, bucket.id, name)))
  }
  app.get(`/object/authenticated/${OBJECT}`, download)
  app.get(`/object/${OBJECT}`, download)

  app.post(`/object/${OBJECT}`, (c) => upload(ctx, c, 'POST'))
  app.put(`/object/${OBJECT}`, (c) => upload(ctx, c, 'PUT'))
  app.delete('/object/:bucket', (c) => remove(ctx, c))
  return app
}
