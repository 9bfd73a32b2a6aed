/**
 * POST (upload, `x-upsert`) and PUT (update) of /object/:bucket/:path. The row is written in the caller's own
 * transaction so that the bucket's RLS policies decide, and the bytes are written inside that transaction's
 * callback, so a refused row leaves no file and a failed file write leaves no row. Before the body is read, the same
 * write is tried and rolled back, so a caller the policies refuse is answered without buffering anything.
 */
import crypto from 'node:crypto'
import type { Context } from 'hono'
import type { StackContext } from '../context.ts'
import { MAX_UPLOAD_BYTES } from './constants.ts'
import { checkContentType } from './content-type.ts'
import { mapDbError, storageErrors } from './errors.ts'
import { writeObject, type ObjectMetadata, type WriteMode } from './objects.ts'
import { addressedBucket, addressedName, storageClaims } from './request.ts'
import { readUpload } from './upload-body.ts'

export async function upload(ctx: StackContext, c: Context, method: 'POST' | 'PUT'): Promise<Response> {
  const claims = await storageClaims(ctx, c)
  const bucket = await addressedBucket(ctx, c)
  const name = addressedName(c)
  const bucketLimit = bucket.file_size_limit === null ? MAX_UPLOAD_BYTES : Number(bucket.file_size_limit)
  const mode: WriteMode = method === 'PUT' ? 'update' : c.req.header('x-upsert') === 'true' ? 'upsert' : 'insert'
  const owner = typeof claims.sub === 'string' ? claims.sub : null
  await checkMayWrite(ctx, claims, { bucket: bucket.id, name, owner }, mode)
  const body = await readUpload(c.req.raw, Math.min(MAX_UPLOAD_BYTES, bucketLimit))
  checkContentType(body.contentType, body.bytes, bucket.allowed_mime_types)

  const size = body.bytes.byteLength
  const metadata: ObjectMetadata = {
    eTag: `"${crypto.createHash('md5').update(body.bytes).digest('hex')}"`,
    size,
    mimetype: body.contentType,
    cacheControl: body.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: size,
    httpStatusCode: 200,
  }
  const row = await ctx.db
    .withClaims(claims, async (tx) => {
      const written = await writeObject(
        tx,
        { bucket: bucket.id, name, owner, metadata, version: crypto.randomUUID() },
        mode,
      )
      if (!written) throw storageErrors.noSuchKey()
      await ctx.blobs.put(bucket.id, name, body.bytes)
      return written
    })
    .catch((e: unknown) => {
      throw mapDbError(e)
    })
  return c.json({ Key: `${bucket.id}/${name}`, Id: row.id })
}

class DryRun {}

/**
 * The bucket's policies decide before a byte of the body is read: the row is written as the caller with a stand-in
 * size and rolled back, so a refused upload (an anonymous one, another user's folder) costs no buffering. The real
 * write below is checked again, with the real metadata.
 */
async function checkMayWrite(
  ctx: StackContext,
  claims: Awaited<ReturnType<typeof storageClaims>>,
  target: { bucket: string; name: string; owner: string | null },
  mode: WriteMode,
): Promise<void> {
  const metadata: ObjectMetadata = {
    eTag: '""',
    size: 0,
    mimetype: 'application/octet-stream',
    cacheControl: 'no-cache',
    lastModified: new Date().toISOString(),
    contentLength: 0,
    httpStatusCode: 200,
  }
  await ctx.db
    .withClaims(claims, async (tx) => {
      const written = await writeObject(tx, { ...target, metadata, version: crypto.randomUUID() }, mode)
      if (!written) throw storageErrors.noSuchKey()
      throw new DryRun()
    })
    .catch((e: unknown) => {
      if (e instanceof DryRun) return
      throw mapDbError(e)
    })
}
