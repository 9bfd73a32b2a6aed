/**
 * Built statements of repeated reads, keyed by everything they are built from (path, query string, output shape)
 * and tied to one schema cache, so a schema reload drops them. The same feed query from every visitor then skips
 * parsing, planning and SQL building; only the database work remains per request.
 */
import { MAX_CACHED_STATEMENTS } from './limits.ts'
import type { SchemaCache } from './schema-cache.ts'

export interface BuiltStatement {
  sql: string
  params: readonly unknown[]
  offset: number
  /** The EXPLAIN of a planned or estimated count. */
  plan?: { sql: string; params: readonly unknown[] }
}

const bySchema = new WeakMap<SchemaCache, Map<string, BuiltStatement>>()

export function cachedStatement(cache: SchemaCache, key: string, build: () => BuiltStatement): BuiltStatement {
  let statements = bySchema.get(cache)
  if (!statements) bySchema.set(cache, (statements = new Map()))
  let hit = statements.get(key)
  if (!hit) {
    hit = build()
    if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear()
    statements.set(key, hit)
  }
  return hit
}
