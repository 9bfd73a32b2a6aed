/** An object's bytes as an HTTP response: its stored type, cache policy and ETag, 304 when the client has it. */
import type { Context } from 'hono'
import type { StackContext } from '../context.ts'
import { DEFAULT_CACHE_CONTROL, DEFAULT_MIME_TYPE } from './constants.ts'
import { storageErrors } from './errors.ts'
import type { ObjectRow } from './objects.ts'

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)
}

function attachment(download: string | undefined, name: string): string | null {
  if (download === undefined) return null
  const filename = download || name.split('/').pop() || 'download'
  const asciiName = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

export async function objectResponse(ctx: StackContext, c: Context, row: ObjectRow | null): Promise<Response> {
  if (!row) throw storageErrors.noSuchKey()
  const bytes = await ctx.blobs.get(row.bucket_id, row.name)
  if (!bytes) throw storageErrors.noSuchKey()
  const meta = row.metadata
  const etag = meta?.eTag ?? `"${row.version ?? row.id}"`
  const headers: Record<string, string> = {
    'content-type': meta?.mimetype || DEFAULT_MIME_TYPE,
    'cache-control': meta?.cacheControl || DEFAULT_CACHE_CONTROL,
    etag,
    'last-modified': row.updated_at.toUTCString(),
    // A stored file is served as its recorded type, never as whatever a browser would guess from its bytes.
    'x-content-type-options': 'nosniff',
  }
  if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  const disposition = attachment(c.req.query('download'), row.name)
  if (disposition) headers['content-disposition'] = disposition
  headers['content-length'] = String(bytes.byteLength)
  return new Response(bytes, { status: 200, headers })
}
