/** Per-request helpers of the storage API: the caller's claims, the addressed bucket and object, JSON bodies. */
import type { Context } from 'hono'
import type { StackContext } from '../context.ts'
import type { Claims } from '../db/database.ts'
import { requestClaims } from '../shared/request-claims.ts'
import { JSON_BODY_LIMIT_BYTES } from './constants.ts'
import { containsNul } from '../shared/text-safety.ts'
import { storageErrors } from './errors.ts'
import { validBucketId, validObjectName } from './object-name.ts'
import { findBucket, type BucketRow } from './objects.ts'
import { readCapped } from './upload-body.ts'

export function storageClaims(ctx: StackContext, c: Context): Promise<Claims> {
  return requestClaims(ctx, c.req, (reason, message) => {
    if (reason === 'no_apikey') return storageErrors.noApiKey(message)
    return storageErrors.unauthorized(reason === 'expired' ? 'jwt expired' : message)
  })
}

/** The bucket named in the path; 404 when it does not exist. */
export async function addressedBucket(ctx: StackContext, c: Context): Promise<BucketRow> {
  const id = validBucketId(c.req.param('bucket') ?? '')
  const bucket = await ctx.db.asSuperuser((tx) => findBucket(tx, id))
  if (!bucket) throw storageErrors.noSuchBucket()
  return bucket
}

export const addressedName = (c: Context): string => validObjectName(c.req.param('path') ?? '')

export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const bytes = await readCapped(c.req.raw, JSON_BODY_LIMIT_BYTES)
  let parsed: unknown
  try {
    parsed = bytes.byteLength ? JSON.parse(new TextDecoder().decode(bytes)) : {}
  } catch {
    throw storageErrors.invalidRequest('The request body is not valid JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw storageErrors.invalidRequest('The request body must be a JSON object')
  }
  if (containsNul(parsed)) throw storageErrors.invalidRequest('The request body must not contain NUL characters')
  return parsed as Record<string, unknown>
}
