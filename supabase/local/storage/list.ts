/**
 * POST /object/list/:bucket: one folder level under `prefix`, like storage-api's storage.search(): files as
 * FileObjects, sub-folders as entries whose id and dates are null; sorted, searched and paged.
 */
import type { Context } from 'hono'
import type { StackContext } from '../context.ts'
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from './constants.ts'
import { objectsUnder, type ObjectRow } from './objects.ts'
import { addressedBucket, jsonBody, storageClaims } from './request.ts'

interface ListEntry {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: ObjectRow['metadata']
}

const SORT_COLUMNS = ['name', 'created_at', 'updated_at', 'last_accessed_at'] as const
type SortColumn = (typeof SORT_COLUMNS)[number]

function count(v: unknown, fallback: number, max: number): number {
  const n = typeof v === 'number' ? v : Number(v)
  return Number.isInteger(n) && n >= 0 ? Math.min(n, max) : fallback
}

export function listEntries(rows: ObjectRow[], prefix: string): ListEntry[] {
  const folders = new Set<string>()
  const entries: ListEntry[] = []
  for (const r of rows) {
    const rest = r.name.slice(prefix.length)
    const slash = rest.indexOf('/')
    if (slash >= 0) {
      const folder = rest.slice(0, slash)
      if (!folders.has(folder)) {
        folders.add(folder)
        entries.push({
          name: folder,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        })
      }
    } else {
      entries.push({
        name: rest,
        id: r.id,
        updated_at: r.updated_at.toISOString(),
        created_at: r.created_at.toISOString(),
        last_accessed_at: r.last_accessed_at.toISOString(),
        metadata: r.metadata,
      })
    }
  }
  return entries
}

export async function list(ctx: StackContext, c: Context): Promise<Response> {
  const claims = await storageClaims(ctx, c)
  const bucket = await addressedBucket(ctx, c)
  const body = await jsonBody(c)
  const rawPrefix = (typeof body.prefix === 'string' ? body.prefix : '').replace(/^\/+/, '')
  const prefix = rawPrefix && !rawPrefix.endsWith('/') ? `${rawPrefix}/` : rawPrefix
  const limit = count(body.limit, DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT)
  const offset = count(body.offset, 0, Number.MAX_SAFE_INTEGER)
  const search = typeof body.search === 'string' ? body.search.toLowerCase() : ''
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
  const column: SortColumn = SORT_COLUMNS.includes(sortBy.column as SortColumn) ? (sortBy.column as SortColumn) : 'name'
  const desc = String(sortBy.order).toLowerCase() === 'desc'

  // RLS decides which objects (and so which folders) the caller sees.
  const rows = await ctx.db.withClaims(claims, (tx) => objectsUnder(tx, bucket.id, prefix))
  const entries = listEntries(rows, prefix).filter((e) => e.name.toLowerCase().startsWith(search))
  entries.sort((a, b) => {
    const x = a[column]
    const y = b[column]
    // Postgres order: nulls last ascending, first descending.
    if (x === y) return 0
    if (x === null) return desc ? -1 : 1
    if (y === null) return desc ? 1 : -1
    return (x < y ? -1 : 1) * (desc ? -1 : 1)
  })
  return c.json(entries.slice(offset, offset + limit))
}
