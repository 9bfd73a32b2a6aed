/**
 * Reading an upload without trusting its size: refused by Content-Length when that already says too much, then
 * counted while it streams in, so no more than the limit is ever held in memory. Both shapes storage-js sends are
 * understood: a raw body typed by its Content-Type header, and multipart with the file in the first file part
 * (whatever the field's name; storage-js leaves it empty).
 */
import { DEFAULT_CACHE_CONTROL, DEFAULT_MIME_TYPE, MULTIPART_OVERHEAD_BYTES } from './constants.ts'
import { readCappedBytes } from '../shared/capped-body.ts'
import { storageErrors } from './errors.ts'

export interface UploadBody {
  bytes: Uint8Array
  contentType: string
  cacheControl: string
}

export async function readCapped(req: Request, cap: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readCappedBytes(req, cap)
  if (bytes === null) throw storageErrors.tooLargeUnread()
  return bytes
}

// Only plain directive lists reach the response header.
const CACHE_CONTROL = /^[A-Za-z0-9=,\- ]{1,200}$/

/** `3600` (multipart field) or `max-age=3600` (header) → `max-age=3600`. */
export function cacheControlValue(raw: string | null | undefined): string {
  const v = (raw ?? '').trim()
  if (/^\d{1,10}$/.test(v)) return `max-age=${v}`
  return CACHE_CONTROL.test(v) ? v : DEFAULT_CACHE_CONTROL
}

export async function readUpload(req: Request, maxFileBytes: number): Promise<UploadBody> {
  const contentType = req.headers.get('content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    const bytes = await readCapped(req, maxFileBytes)
    const cacheControl = cacheControlValue(req.headers.get('cache-control'))
    return { bytes, contentType: contentType || DEFAULT_MIME_TYPE, cacheControl }
  }
  const raw = await readCapped(req, maxFileBytes + MULTIPART_OVERHEAD_BYTES)
  let form: FormData
  try {
    form = await new Response(raw, { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw storageErrors.invalidRequest('The multipart body could not be read')
  }
  let file: File | null = null
  for (const [, value] of form.entries()) {
    if (typeof value !== 'string') {
      file = value
      break
    }
  }
  if (!file) throw storageErrors.noContent()
  if (file.size > maxFileBytes) throw storageErrors.tooLarge()
  const cacheField = form.get('cacheControl')
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    contentType: file.type || DEFAULT_MIME_TYPE,
    cacheControl: cacheControlValue(typeof cacheField === 'string' ? cacheField : req.headers.get('cache-control')),
  }
}
