/**
 * Resolves a parsed request against the schema cache: every column, embedded resource and filter path is checked
 * here, and each embed finds its foreign key the way PostgREST does (many-to-one gives an object, one-to-many an
 * array, one-to-one when the referencing columns are unique), with `!hint` naming a constraint or column.
 */
import { restError } from '../shared/http-error.ts'
import { ident } from './names.ts'
import { noRelationship, unknownColumn } from './errors.ts'
import { findRelationship, isToOne, type Junction } from './relationships.ts'
import { MAX_EMBED_DEPTH, MAX_EMBEDS } from './limits.ts'
import type { Condition } from './filter-parser.ts'
import type { NodeParams, ParsedQuery } from './query-params.ts'
import type { Column, PgFunction, SchemaCache } from './schema-cache.ts'
import type { SelectItem } from './select-parser.ts'
import type { FieldRef } from './tokens.ts'

/** Where a node's rows come from: a table or view, or a set-returning function (SQL given by the caller). */
export interface Source {
  /** Name used in error messages and relationship lookups. */
  name: string
  columns: Map<string, Column>
  /** Trusted SQL for the FROM item, without alias. */
  fromSql: string
  /** The schema of the relation (and of its computed fields and junctions). */
  schema?: string
  /** Computed fields: scalar functions taking a row of this table, usable as columns in select, filters, order. */
  computed?: Map<string, PgFunction>
}

export interface Embed {
  /** The key in the JSON output (alias or relation name). */
  key: string
  node: ReadNode
  /** [parent column, child column] pairs. */
  join: [string, string][]
  toOne: boolean
  inner: boolean
  /** Many-to-many: the junction the child rows are reached through (the join pairs above are then empty). */
  junction: Junction | null
  /** An embed selecting nothing (`rel()`): filters only (with !inner), left out of the output as PostgREST does. */
  empty: boolean
  /** `...rel(cols)`: the child's columns become the parent's (arrays of them for a to-many spread). */
  spread: boolean
  /** A computed relationship (a function of the parent row). */
  computed: boolean
  /** Named by a null filter of the parent (`rel=is.null`): its join takes part in the count too. */
  filtering?: boolean
}

export interface ReadNode {
  source: Source
  /** SQL alias: r0 for the root, r1… for embeds. */
  alias: string
  /** The relation's name in error messages: the table at the root, `<table>_<depth>` below, as PostgREST's SQL says. */
  label: string
  items: SelectItem[]
  embeds: Embed[]
  params: NodeParams
}

export const relationSource = (cache: SchemaCache, name: string): Source | null => {
  const rel = cache.relations.get(name)
  if (!rel) return null
  const computed = new Map<string, PgFunction>()
  for (const fn of cache.rowFunctions.get(name) ?? []) {
    if (!fn.returnRelation && !fn.outColumns && !fn.isVoid && !fn.returnsSet && !rel.columns.has(fn.name))
      computed.set(fn.name, fn)
  }
  return {
    name,
    columns: rel.columns,
    fromSql: `${ident(cache.schema)}.${ident(name)}`,
    computed,
    schema: cache.schema,
  }
}

/** `label`: the name Postgres' own error would give the relation (PostgREST aliases an embedded table `<table>_<depth>`). */
export function checkField(source: Source, field: FieldRef, label = source.name): Column {
  const col = source.columns.get(field.name)
  if (col) return col
  const fn = source.computed?.get(field.name)
  if (fn) return { name: fn.name, type: fn.returnType, hasDefault: false }
  throw unknownColumn(label, field.name)
}

/**
 * Filters name columns; a filter naming an embedded resource (`rel=is.null`, `rel=not.is.null`) keeps or drops
 * parents by whether the embed found rows, as PostgREST's null-embed filters do (other operators: PGRST120).
 */
function checkConditions(node: ReadNode, conditions: Condition[]): void {
  for (const c of conditions) {
    if (c.kind !== 'filter') {
      checkConditions(node, c.children)
      continue
    }
    const embed = node.source.columns.has(c.field.name) ? undefined : node.embeds.find((e) => e.key === c.field.name)
    if (!embed) {
      checkField(node.source, c.field, node.label)
      continue
    }
    const value = typeof c.value === 'string' ? c.value.toLowerCase() : ''
    if (c.op !== 'is' || c.field.jsonPath.length > 0 || (value !== 'null' && value !== 'not_null')) {
      throw restError(
        400,
        'PGRST120',
        `Bad operator on the '${embed.key}' embedded resource`,
        'Only is null or not is null filters are allowed on embedded resources',
      )
    }
    embed.filtering = true
  }
}

/** The keys a node's rows carry, in order: `*` expanded, labels, aggregates, embeds, and spread columns. */
export function outputLabels(node: ReadNode): string[] {
  const labels: string[] = []
  for (const item of node.items) {
    if (item.kind === 'star') labels.push(...node.source.columns.keys())
    else if (item.kind === 'column') labels.push(columnLabel(item))
  }
  for (const e of node.embeds) {
    if (e.empty) continue
    if (e.spread) labels.push(...outputLabels(e.node))
    else labels.push(e.key)
  }
  return labels
}

/** A column's key: its alias, else the aggregate's name, else the last json key or the column name. */
export function columnLabel(item: Extract<SelectItem, { kind: 'column' }>): string {
  return item.alias ?? item.agg ?? item.field.jsonPath.at(-1)?.key ?? item.field.name
}

/** An aggregate selected in the node or in the spreads within it. */
const hasSpreadAggregate = (node: ReadNode): boolean =>
  node.items.some((i) => i.kind === 'column' && !!i.agg) ||
  node.embeds.some((e) => e.spread && hasSpreadAggregate(e.node))

/** `rel()`, and `rel(other())` nested: nothing selected anywhere below. */
const isEmpty = (node: ReadNode): boolean => node.items.length === 0 && node.embeds.every((e) => isEmpty(e.node))

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
      label: depth === 0 ? source.name : `${source.name}_${depth}`,
      items,
      embeds: [],
      params: query.nodes.get(path) ?? { conditions: [], order: null, limit: null, offset: null },
    }
    for (const item of items) {
      if (item.kind === 'column') {
        // `rel(count)`: PostgREST's legacy count of the embedded rows, when the relation has no column "count".
        if (
          item.field.name === 'count' &&
          item.field.jsonPath.length === 0 &&
          !item.agg &&
          !source.columns.has('count')
        ) {
          Object.assign(item, { field: { name: '*', jsonPath: [] }, agg: 'count', aggCast: item.cast, cast: null })
        } else {
          if (item.agg && !cache.aggregatesEnabled) {
            throw restError(400, 'PGRST123', 'Use of aggregate functions is not allowed')
          }
          if (!(item.agg === 'count' && item.field.name === '*')) checkField(source, item.field, node.label)
        }
      }
      if (item.kind !== 'embed') continue
      if (depth >= MAX_EMBED_DEPTH || ++embeds > MAX_EMBEDS) {
        throw restError(
          400,
          'PGRST100',
          `"failed to parse select parameter" (embedding ${item.name})`,
          `at most ${MAX_EMBED_DEPTH} nested levels and ${MAX_EMBEDS} embedded resources per request`,
        )
      }
      const rel = findRelationship(cache, source.name, item.name, item.hint)
      const target = relationSource(cache, rel.foreignTable)
      if (!target) throw noRelationship(source.name, item.name)
      // The row is cast to the table's type: in a write's read-back it comes from the RETURNING set.
      const row = `${ident(node.alias)}::${ident(cache.schema)}.${ident(source.name)}`
      if (rel.computed) target.fromSql = `${ident(cache.schema)}.${ident(rel.computed.name)}(${row})`
      const key = item.alias ?? item.name
      // PostgREST names each embed's lateral subquery <parent>_<name>_<depth>: two embeds under one name collide in
      // its SQL (42712) instead of one silently replacing the other in the JSON.
      if (node.embeds.some((e) => e.key === key)) {
        throw restError(400, '42712', `table name "${source.name}_${key}_${depth + 1}" specified more than once`)
      }
      const childPath = path === '' ? key : `${path}.${key}`
      const child = build(target, item.select, childPath, depth + 1)
      // PostgREST hoists the aggregates of a to-one spread to the parent; a to-many spread has no such meaning.
      if (item.spread && !isToOne(rel) && hasSpreadAggregate(child)) {
        throw restError(
          400,
          'PGRST127',
          'Feature not implemented',
          'Aggregates are not implemented for one-to-many or many-to-many spreads.',
        )
      }
      node.embeds.push({
        key,
        node: child,
        join: rel.columns,
        toOne: isToOne(rel),
        inner: item.inner,
        junction: rel.junction,
        empty: isEmpty(child),
        spread: item.spread === true,
        computed: rel.computed !== null,
      })
    }
    checkConditions(node, node.params.conditions)
    for (const o of node.params.order ?? []) {
      if (o.relation === undefined) {
        checkField(source, o.field, node.label)
        continue
      }
      // PostgREST's related order: by a column of a to-one embed of this node.
      const embed = node.embeds.find((e) => e.key === o.relation)
      if (!embed) {
        throw restError(
          400,
          'PGRST108',
          `'${o.relation}' is not an embedded resource in this request`,
          null,
          `Verify that '${o.relation}' is included in the 'select' query parameter.`,
        )
      }
      if (!embed.toOne || embed.junction) {
        throw restError(
          400,
          'PGRST118',
          `A related order on '${o.relation}' is not possible`,
          `'${source.name}' and '${o.relation}' do not form a many-to-one or one-to-one relationship`,
        )
      }
      checkField(embed.node.source, o.field)
    }
    return node
  }
  const tree = build(root, query.select, '', 0)
  for (const path of query.nodes.keys()) {
    if (!used.has(path)) {
      throw restError(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      )
    }
  }
  return tree
}
