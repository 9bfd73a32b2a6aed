/** Fixed limits and defaults of the local storage API. */

/** Upper bound for any upload, whatever the bucket says (storage-api's global FILE_SIZE_LIMIT default). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024
/** Room for multipart boundaries, part headers and the small form fields around the file part. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024
/** What storage-js asks for by default, and what we serve when an upload named none. */
export const DEFAULT_CACHE_CONTROL = 'max-age=3600'
export const DEFAULT_MIME_TYPE = 'application/octet-stream'
/** storage-api's limit on object names. */
export const MAX_OBJECT_NAME_LENGTH = 1024
/**
 * Bytes per `/`-separated segment: file systems take 255 per file name, and the blob store writes through a temporary
 * `<segment>.<pid>.<time>.tmp` first.
 */
export const MAX_OBJECT_SEGMENT_BYTES = 200
export const DEFAULT_LIST_LIMIT = 100
export const MAX_LIST_LIMIT = 1000
export const MAX_REMOVE_PREFIXES = 1000
/** Signed URLs live at most a year. */
export const MAX_SIGNED_URL_SECONDS = 365 * 24 * 60 * 60
/** JSON bodies of list, sign and remove. */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024
