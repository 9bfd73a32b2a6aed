/**
 * Resolves a parsed request against the schema cache: every column, embedded resource and filter path is checked
 * here, and each embed finds its foreign key the way PostgREST does (many-to-one gives an object, one-to-many an
 * array, one-to-one when the referencing columns are unique), with `!hint` naming a constraint or column.
 */
import { restError } from '../shared/http-error.ts'
import { ambiguousRelationship, noRelationship, unknownColumn } from './errors.ts'
import { MAX_EMBED_DEPTH, MAX_EMBEDS } from './limits.ts'
import type { Condition } from './filter-parser.ts'
import type { NodeParams, ParsedQuery } from './query-params.ts'
import type { Column, ForeignKey, SchemaCache } from './schema-cache.ts'
import type { FieldRef, SelectItem } from './select-parser.ts'

/** Where a node's rows come from: a table or view, or a set-returning function (SQL given by the caller). */
export interface Source {
  /** Name used in error messages and relationship lookups. */
  name: string
  columns: Map<string, Column>
  /** Trusted SQL for the FROM item, without alias. */
  fromSql: string
}

export interface Embed {
  /** The key in the JSON output (alias or relation name). */
  key: string
  node: ReadNode
  /** [parent column, child column] pairs. */
  join: [string, string][]
  toOne: boolean
  inner: boolean
}

export interface ReadNode {
  source: Source
  /** SQL alias: r0 for the root, r1… for embeds. */
  alias: string
  items: SelectItem[]
  embeds: Embed[]
  params: NodeParams
}

export const relationSource = (cache: SchemaCache, name: string): Source | null => {
  const rel = cache.relations.get(name)
  return rel ? { name, columns: rel.columns, fromSql: `"public".${ident(name)}` } : null
}

export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`

interface Relationship {
  fk: ForeignKey
  join: [string, string][]
  toOne: boolean
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i])
}

function findRelationship(cache: SchemaCache, parent: string, target: string, hint: string | null): Relationship {
  const found: Relationship[] = []
  for (const fk of cache.foreignKeys) {
    if (fk.table === parent && fk.refTable === target) {
      found.push({ fk, join: fk.columns.map((c, i) => [c, fk.refColumns[i]!]), toOne: true })
    }
    if (fk.refTable === parent && fk.table === target) {
      const unique = cache.relations.get(target)?.uniqueKeys.some((k) => sameSet(k, fk.columns)) ?? false
      found.push({ fk, join: fk.refColumns.map((c, i) => [c, fk.columns[i]!]), toOne: unique })
    }
  }
  const matching = hint
    ? found.filter((r) => r.fk.name === hint || r.fk.columns.includes(hint) || r.fk.refColumns.includes(hint))
    : found
  if (matching.length === 0) throw noRelationship(parent, target)
  if (matching.length > 1) throw ambiguousRelationship(parent, target, matching.map((r) => r.fk.name))
  return matching[0]!
}

export function checkField(source: Source, field: FieldRef): Column {
  const col = source.columns.get(field.name)
  if (!col) throw unknownColumn(source.name, field.name)
  return col
}

function checkConditions(source: Source, conditions: Condition[]): void {
  for (const c of conditions) {
    if (c.kind === 'filter') checkField(source, c.field)
    else checkConditions(source, c.children)
  }
}

/** Builds the node tree for `query` rooted at `root`; `cache` resolves the embeds. */
export function planRead(cache: SchemaCache, root: Source, query: ParsedQuery): ReadNode {
  let next = 0
  let embeds = 0
  const used = new Set<string>()
  const build = (source: Source, items: SelectItem[], path: string, depth: number): ReadNode => {
    used.add(path)
    const node: ReadNode = {
      source,
      alias: `r${next++}`,
      items,
      embeds: [],
      params: query.nodes.get(path) ?? { conditions: [], order: null, limit: null, offset: null },
    }
    for (const item of items) {
      if (item.kind === 'column') checkField(source, item.field)
      if (item.kind !== 'embed') continue
      if (depth >= MAX_EMBED_DEPTH || ++embeds > MAX_EMBEDS) {
        throw restError(400, 'PGRST100', `"failed to parse select parameter" (embedding ${item.name})`,
          `at most ${MAX_EMBED_DEPTH} nested levels and ${MAX_EMBEDS} embedded resources per request`)
      }
      const target = relationSource(cache, item.name)
      if (!target) throw noRelationship(source.name, item.name)
      const rel = findRelationship(cache, source.name, item.name, item.hint)
      const key = item.alias ?? item.name
      const childPath = path === '' ? key : `${path}.${key}`
      node.embeds.push({
        key,
        node: build(target, item.select, childPath, depth + 1),
        join: rel.join,
        toOne: rel.toOne,
        inner: item.inner,
      })
    }
    checkConditions(source, node.params.conditions)
    for (const o of node.params.order ?? []) checkField(source, o.field)
    return node
  }
  const tree = build(root, query.select, '', 0)
  for (const path of query.nodes.keys()) {
    if (!used.has(path)) {
      throw restError(400, 'PGRST108', `'${path}' is not an embedded resource in this request`, null,
        `Verify that '${path}' is included in the 'select' query parameter.`)
    }
  }
  return tree
}
