/** storage-api's error bodies (`{statusCode, code, error, message}`), with the real HTTP status like newer versions. */
import { HttpError } from '../shared/http-error.ts'

const err = (status: number, code: string, error: string, message: string, headers: Record<string, string> = {}) =>
  new HttpError(status, { statusCode: String(status), code, error, message }, headers)

export const storageErrors = {
  noSuchBucket: () => err(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => err(404, 'NoSuchKey', 'not_found', 'Object not found'),
  invalidKey: (key: string) => err(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  duplicate: () => err(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  rls: () => err(403, 'AccessDenied', 'Unauthorized', 'new row violates row-level security policy'),
  tooLarge: () => err(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  /** Refused before the body was read to its end: the rest of it is not read, so the connection is not reused. */
  tooLargeUnread: () =>
    err(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size', {
      connection: 'close',
    }),
  mimeNotAllowed: (mime: string) =>
    err(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  contentMismatch: (declared: string, actual: string | null) =>
    err(
      415,
      'InvalidMimeType',
      'invalid_mime_type',
      `The file content does not match its type ${declared}` + (actual ? ` (it looks like ${actual})` : ''),
    ),
  /** The local disk cannot hold `a/b` beside `a/b/c` (S3 can): the name is taken by a folder or a file. */
  nameTaken: (key: string) =>
    err(409, 'KeyAlreadyExists', 'Duplicate', `The name ${key} is taken by a folder or file of the same path`),
  invalidRequest: (message: string) => err(400, 'InvalidRequest', 'InvalidRequest', message),
  noContent: () => err(400, 'InvalidRequest', 'InvalidRequest', 'No content provided'),
  unauthorized: (message: string) => err(403, 'AccessDenied', 'Unauthorized', message),
  noApiKey: (message: string) => err(401, 'AccessDenied', 'Unauthorized', message),
  invalidSignature: (message: string) => err(400, 'InvalidSignature', 'InvalidJWT', message),
}

/** Postgres errors a storage write can meet, in storage-api's words; anything else stays a 500. */
export function mapDbError(e: unknown): unknown {
  const code = (e as { code?: string }).code
  if (code === '42501') return storageErrors.rls()
  if (code === '23505') return storageErrors.duplicate()
  if (code === '23503') return storageErrors.noSuchBucket()
  return e
}
