/** Object and bucket names as they may reach the database and the disk. */
import { MAX_OBJECT_NAME_LENGTH, MAX_OBJECT_SEGMENT_BYTES } from './constants.ts'
import { storageErrors } from './errors.ts'

// Control characters (C0, DEL, C1) and the backslash, which some file systems take for a separator.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\\]/

/**
 * A valid object name, or 400 InvalidKey: no leading `/`, no empty, `.` or `..` segment, no control characters, no
 * lone surrogate (not encodable), no segment over MAX_OBJECT_SEGMENT_BYTES.
 */
export function validObjectName(name: string): string {
  const segments = name.split('/')
  const ok =
    name.length > 0 &&
    name.length <= MAX_OBJECT_NAME_LENGTH &&
    !FORBIDDEN_CHARS.test(name) &&
    name.isWellFormed() &&
    segments.every(
      (s) => s !== '' && s !== '.' && s !== '..' && Buffer.byteLength(s, 'utf8') <= MAX_OBJECT_SEGMENT_BYTES,
    )
  if (!ok) throw storageErrors.invalidKey(name)
  return name
}

const BUCKET_ID = /^[A-Za-z0-9_.-]{1,100}$/

export function validBucketId(id: string): string {
  if (!BUCKET_ID.test(id) || id === '.' || id === '..') throw storageErrors.noSuchBucket()
  return id
}
