/**
 * PostgREST v13's relationships, derived from the schema cache once per load: many-to-one and one-to-one from each
 * foreign key (one-to-one when the referencing columns are a primary or unique key), their inverses (one-to-many),
 * many-to-many through a junction table whose two foreign keys lie within its primary key, the same through views
 * that expose a table's key columns, and computed relationships (a function taking a row of the table and returning
 * rows of another). `findRelationship` resolves an embed target as src/PostgREST/Plan.hs `findRel` does: a table or
 * view name, a foreign-key name or a foreign-key column (not towards views), self-relationships by convention, and
 * a `!hint` naming a constraint, a column of either side or a junction table.
 */
import { HttpError, restError } from '../shared/http-error.ts'
import { closest } from './names.ts'
import type { PgFunction, SchemaCache } from './schema-cache.ts'

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'

export interface Junction {
  table: string
  constraint1: string
  constraint2: string
  /** [junction column, origin column] pairs. */
  source: [string, string][]
  /** [junction column, foreign column] pairs. */
  target: [string, string][]
}

export interface Relationship {
  table: string
  foreignTable: string
  isSelf: boolean
  cardinality: Cardinality
  /** The foreign key's name (for many-to-many, the first junction constraint). */
  constraint: string
  /** [origin column, foreign column] pairs; empty for many-to-many and computed relationships. */
  columns: [string, string][]
  junction: Junction | null
  foreignIsView: boolean
  /** A computed relationship: the function taking the origin row. */
  computed: PgFunction | null
}

export const isToOne = (r: Relationship): boolean => r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one'

const byCache = new WeakMap<SchemaCache, Map<string, Relationship[]>>()

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x))

/** Every relationship of the exposed schema, keyed by origin table or view. */
export function relationships(cache: SchemaCache): Map<string, Relationship[]> {
  let all = byCache.get(cache)
  if (all) return all
  all = new Map()
  const add = (r: Relationship) => all!.set(r.table, [...(all!.get(r.table) ?? []), r])
  const isView = (name: string) => cache.relations.get(name)?.kind === 'view'
  const unique = (table: string, cols: string[]) =>
    cache.relations.get(table)?.uniqueKeys.some((k) => sameSet(k, cols)) ?? false

  // Foreign keys, then the same keys seen through views that expose every key column (PostgREST's view key deps).
  const keys = cache.foreignKeys.map((fk) => ({
    ...fk,
    pairs: fk.columns.map((c, i): [string, string] => [c, fk.refColumns[i]!]),
  }))
  const viaViews: typeof keys = []
  for (const fk of keys) {
    const froms = [{ table: fk.table, map: (c: string) => c as string | undefined }, ...viewsOf(cache, fk.table)]
    const tos = [{ table: fk.refTable, map: (c: string) => c as string | undefined }, ...viewsOf(cache, fk.refTable)]
    for (const from of froms) {
      for (const to of tos) {
        if (from.table === fk.table && to.table === fk.refTable) continue
        const pairs = fk.pairs.map(([c, r]): [string | undefined, string | undefined] => [from.map(c), to.map(r)])
        if (pairs.every(([c, r]) => c !== undefined && r !== undefined)) {
          viaViews.push({ ...fk, table: from.table, refTable: to.table, pairs: pairs as [string, string][] })
        }
      }
    }
  }
  const m2o: Relationship[] = []
  for (const fk of [...keys, ...viaViews]) {
    const cols = fk.pairs.map(([c]) => c)
    const oneToOne = !isView(fk.table) && unique(fk.table, cols)
    const base = { isSelf: fk.table === fk.refTable, constraint: fk.name, junction: null, computed: null }
    const forward: Relationship = {
      ...base,
      table: fk.table,
      foreignTable: fk.refTable,
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      columns: fk.pairs,
      foreignIsView: isView(fk.refTable),
    }
    m2o.push(forward)
    add(forward)
    add({
      ...base,
      table: fk.refTable,
      foreignTable: fk.table,
      cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      columns: fk.pairs.map(([c, r]) => [r, c]),
      foreignIsView: isView(fk.table),
    })
  }
  // Many-to-many: two many-to-one keys of one junction table, all their columns within its primary key.
  for (const a of m2o) {
    for (const b of m2o) {
      if (
        a.table !== b.table ||
        a.constraint === b.constraint ||
        a.cardinality !== 'many-to-one' ||
        b.cardinality !== 'many-to-one'
      )
        continue
      const pk = cache.relations.get(a.table)?.primaryKey ?? []
      const cols = [...a.columns.map(([c]) => c), ...b.columns.map(([c]) => c)]
      if (pk.length === 0 || !cols.every((c) => pk.includes(c))) continue
      add({
        table: a.foreignTable,
        foreignTable: b.foreignTable,
        isSelf: a.foreignTable === b.foreignTable,
        cardinality: 'many-to-many',
        constraint: a.constraint,
        columns: [],
        junction: {
          table: a.table,
          constraint1: a.constraint,
          constraint2: b.constraint,
          source: a.columns,
          target: b.columns,
        },
        foreignIsView: isView(b.foreignTable),
        computed: null,
      })
    }
  }
  // Computed relationships: f(row of T) returning rows of a table or view.
  for (const [table, fns] of cache.rowFunctions) {
    for (const fn of fns) {
      if (!fn.returnRelation) continue
      add({
        table,
        foreignTable: fn.returnRelation,
        isSelf: false,
        cardinality: !fn.returnsSet || fn.rows === 1 ? 'many-to-one' : 'one-to-many',
        constraint: fn.name,
        columns: [],
        junction: null,
        foreignIsView: isView(fn.returnRelation),
        computed: fn,
      })
    }
  }
  byCache.set(cache, all)
  return all
}

/** Views exposing columns of `table` unchanged: the view's name and its column for each table column. */
function viewsOf(cache: SchemaCache, table: string): { table: string; map: (c: string) => string | undefined }[] {
  const out: { table: string; map: (c: string) => string | undefined }[] = []
  for (const rel of cache.relations.values()) {
    const deps = rel.kind === 'view' ? rel.sources : undefined
    if (!deps) continue
    const cols = new Map<string, string>()
    for (const d of deps) if (d.table === table) cols.set(d.column, d.viewColumn)
    if (cols.size > 0) out.push({ table: rel.name, map: (c) => cols.get(c) })
  }
  return out
}

const singleCol = (pairs: [string, string][], side: 0 | 1, name: string) =>
  pairs.length === 1 && pairs[0]![side] === name

/** The relationship an embed `target!hint` names from `origin`, or PostgREST's PGRST200/PGRST201. */
export function findRelationship(
  cache: SchemaCache,
  origin: string,
  target: string,
  hint: string | null,
): Relationship {
  const all = relationships(cache)
  const rels = all.get(origin) ?? []
  const matches = rels.filter((r) => {
    if (r.computed) return target === r.computed.name
    const plain = r.cardinality !== 'many-to-many'
    if (r.isSelf) {
      if (hint === null) {
        return (
          (target === r.foreignTable && r.cardinality === 'one-to-many') ||
          (plain && singleCol(r.columns, 0, target) && r.cardinality === 'many-to-one')
        )
      }
      return target === r.foreignTable && r.cardinality === 'one-to-many' && singleCol(r.columns, 1, hint)
    }
    if (hint === null) {
      return (
        target === r.foreignTable ||
        (plain && r.constraint === target && !r.foreignIsView) ||
        (plain && singleCol(r.columns, 0, target) && !r.foreignIsView)
      )
    }
    return (
      target === r.foreignTable &&
      ((plain && r.constraint === hint) ||
        (plain && (singleCol(r.columns, 0, hint) || singleCol(r.columns, 1, hint))) ||
        (!plain && r.junction!.table === hint))
    )
  })
  if (matches.length === 1) return matches[0]!
  if (matches.length === 0) throw noRelationship(cache, origin, target, hint)
  throw ambiguous(origin, target, matches)
}

function noRelationship(cache: SchemaCache, origin: string, target: string, hint: string | null): HttpError {
  const all = relationships(cache)
  const rels = all.get(origin)
  let suggestion: string | null = null
  if (rels) {
    const child = closest(target, new Set(rels.map((r) => r.foreignTable)))
    if (child && !rels.some((r) => r.foreignTable === target))
      suggestion = `Perhaps you meant '${child}' instead of '${target}'.`
  } else {
    const parent = closest(origin, all.keys())
    if (parent) suggestion = `Perhaps you meant '${parent}' instead of '${origin}'.`
  }
  return restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${origin}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} ` +
      `in the schema '${cache.schema}', but no matches were found.`,
    suggestion,
  )
}

const cols = (list: string[]) => `(${list.join(', ')})`

/** 300 PGRST201 with `details` as PostgREST's list of {cardinality, embedding, relationship}. */
function ambiguous(origin: string, target: string, rels: Relationship[]): HttpError {
  const details = rels.map((r) => {
    const relationship = r.junction
      ? `${r.junction.table} using ${r.junction.constraint1}${cols(r.junction.source.map(([j]) => j))} and ` +
        `${r.junction.constraint2}${cols(r.junction.target.map(([j]) => j))}`
      : `${r.constraint} using ${r.table}${cols(r.columns.map(([c]) => c))} and ${r.foreignTable}${cols(r.columns.map(([, f]) => f))}`
    return { cardinality: r.cardinality, embedding: `${r.table} with ${r.foreignTable}`, relationship }
  })
  const hints = rels.map((r) => `'${r.foreignTable}!${r.junction ? r.junction.table : r.constraint}'`).join(', ')
  return new HttpError(300, {
    code: 'PGRST201',
    message: `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    details,
    hint: `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
  })
}
