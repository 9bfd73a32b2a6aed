/** DELETE /object/:bucket {prefixes}: RLS decides per object; the answer lists what was deleted. */
import type { Context } from 'hono'
import type { StackContext } from '../context.ts'
import { MAX_REMOVE_PREFIXES } from './constants.ts'
import { mapDbError, storageErrors } from './errors.ts'
import { deleteObjects, fileObjectJson } from './objects.ts'
import { addressedBucket, jsonBody, storageClaims } from './request.ts'

export async function remove(ctx: StackContext, c: Context): Promise<Response> {
  const claims = await storageClaims(ctx, c)
  const bucket = await addressedBucket(ctx, c)
  const { prefixes } = await jsonBody(c)
  if (
    !Array.isArray(prefixes) ||
    prefixes.length === 0 ||
    prefixes.length > MAX_REMOVE_PREFIXES ||
    !prefixes.every((p): p is string => typeof p === 'string')
  ) {
    throw storageErrors.invalidRequest(`prefixes must be a list of 1 to ${MAX_REMOVE_PREFIXES} object names`)
  }
  const deleted = await ctx.db
    .withClaims(claims, (tx) => deleteObjects(tx, bucket.id, prefixes))
    .catch((e: unknown) => {
      throw mapDbError(e)
    })
  // Bytes go only once the rows are gone for good.
  for (const row of deleted) await ctx.blobs.remove(row.bucket_id, row.name)
  return c.json(deleted.map(fileObjectJson))
}
