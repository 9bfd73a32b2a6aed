/**
 * PostgREST's schema cache: the tables, views, columns, keys, foreign keys and functions of the exposed schema,
 * read from pg_catalog once and kept in memory. Every identifier a request names is checked against it before it
 * reaches SQL. Reloaded on `NOTIFY pgrst, 'reload schema'`, as PostgREST does.
 */
import type { PGlite } from '@electric-sql/pglite'

/**
 * The schemas the API serves, as supabase/config.toml's [api] schemas (Supabase's default: public,
 * graphql_public); KREIS_API_SCHEMAS overrides the list (comma-separated). The first is the default for requests
 * without Accept-Profile / Content-Profile.
 */
export function exposedSchemas(): string[] {
  const fromEnv = process.env.KREIS_API_SCHEMAS?.split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  return fromEnv && fromEnv.length > 0 ? fromEnv : ['public', 'graphql_public']
}

export interface Column {
  name: string
  /** format_type() of the column: trusted SQL text from the catalog. */
  type: string
  hasDefault: boolean
}

export interface Relation {
  name: string
  kind: 'table' | 'view'
  columns: Map<string, Column>
  primaryKey: string[]
  /** Column sets of the primary key and unique constraints (sorted names). */
  uniqueKeys: string[][]
  /** A view's columns that are a table's columns unchanged (from the view's query tree, as PostgREST reads it). */
  sources?: { viewColumn: string; table: string; column: string }[]
}

export interface ForeignKey {
  name: string
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
}

export interface FunctionArg {
  name: string
  type: string
}

export interface PgFunction {
  name: string
  args: FunctionArg[]
  /** How many of the trailing args have defaults. */
  defaults: number
  returnsSet: boolean
  returnType: string
  /** The public table or view whose row type the function returns, if any. */
  returnRelation: string | null
  /** Output columns of `returns table(...)`/OUT parameters; null for a scalar or a relation's row type. */
  outColumns: Column[] | null
  isVoid: boolean
  volatile: boolean
  schema: string
  /** The planner's row estimate (`rows n`): a set-returning function with rows 1 embeds as one object. */
  rows: number
  /** The public table or view whose row type is the function's only parameter (computed fields/relationships). */
  rowArg: string | null
}

export interface SchemaCache {
  /** The exposed schema this cache describes. */
  schema: string
  relations: Map<string, Relation>
  foreignKeys: ForeignKey[]
  functions: Map<string, PgFunction[]>
  /** Functions taking one row of the keyed table or view: computed fields (scalar) and computed relationships. */
  rowFunctions: Map<string, PgFunction[]>
  /**
   * PostgREST's db-aggregates-enabled (off by default, also on hosted Supabase): on when a role or database
   * setting says `pgrst.db_aggregates_enabled = 'true'` (as `alter role authenticator set …` does there).
   */
  aggregatesEnabled: boolean
}

interface RawCatalog {
  relations: {
    name: string
    kind: string
    columns: { name: string; type: string; has_default: boolean }[]
    pk: string[] | null
    uniques: string[][] | null
    oid: number
    attnums: Record<string, string> | null
    rewrite: string | null
  }[]
  fks: ForeignKey[]
  functions: {
    name: string
    arg_names: string[] | null
    arg_modes: string[] | null
    all_arg_types: string[] | null
    in_arg_types: string[] | null
    defaults: number
    returns_set: boolean
    return_type: string
    return_relation: string | null
    return_is_composite: boolean
    volatile: boolean
    rows: number
    row_arg: string | null
  }[]
  aggregates: boolean
}

const CATALOG_SQL = `
with rels as (
  select c.oid, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
)
select json_build_object(
  'relations', (select coalesce(json_agg(json_build_object(
      'name', r.relname,
      'kind', case when r.relkind in ('v', 'm') then 'view' else 'table' end,
      'columns', (select coalesce(json_agg(json_build_object(
          'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
          'has_default', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') order by a.attnum), '[]')
        from pg_attribute a where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped),
      'pk', (select json_agg(a.attname order by k.ord) from pg_constraint con
        cross join unnest(con.conkey) with ordinality k(attnum, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
        where con.conrelid = r.oid and con.contype = 'p'),
      'uniques', (select json_agg(u.cols) from (select array_agg(a.attname::text order by a.attname) cols
        from pg_constraint con cross join unnest(con.conkey) k(attnum)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
        where con.conrelid = r.oid and con.contype in ('p', 'u') group by con.oid) u),
      'oid', r.oid,
      'attnums', (select json_object_agg(a.attnum, a.attname) from pg_attribute a
        where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped),
      'rewrite', case when r.relkind in ('v', 'm') then
        (select w.ev_action::text from pg_rewrite w where w.ev_class = r.oid and w.rulename = '_RETURN') end
    )), '[]') from rels r),
  'fks', (select coalesce(json_agg(json_build_object(
      'name', con.conname, 'table', c1.relname, 'refTable', c2.relname,
      'columns', (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
      'refColumns', (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum)
    )), '[]') from pg_constraint con
    join pg_class c1 on c1.oid = con.conrelid join pg_namespace n1 on n1.oid = c1.relnamespace
    join pg_class c2 on c2.oid = con.confrelid join pg_namespace n2 on n2.oid = c2.relnamespace
    where con.contype = 'f' and n1.nspname = $1 and n2.nspname = $1),
  'functions', (select coalesce(json_agg(json_build_object(
      'name', p.proname,
      'arg_names', p.proargnames,
      'arg_modes', p.proargmodes::text[],
      'all_arg_types', (select array_agg(format_type(t, null) order by o)
        from unnest(p.proallargtypes) with ordinality x(t, o)),
      'in_arg_types', (select array_agg(format_type(t, null) order by o)
        from unnest(p.proargtypes) with ordinality x(t, o)),
      'defaults', p.pronargdefaults,
      'returns_set', p.proretset,
      'return_type', format_type(p.prorettype, null),
      'return_relation', (select rc.relname from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
        where rc.oid = rt.typrelid and rn.nspname = $1),
      'return_is_composite', rt.typtype = 'c' or rt.oid = 'record'::regtype,
      'volatile', p.provolatile = 'v',
      'rows', p.prorows,
      'row_arg', case when p.pronargs = 1 then (select ac.relname from pg_type at join pg_class ac on ac.oid = at.typrelid
        join pg_namespace an on an.oid = ac.relnamespace where at.oid = p.proargtypes[0] and an.nspname = $1) end
    )), '[]') from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
    where n.nspname = $1 and p.prokind = 'f'),
  'aggregates', exists (select 1 from pg_db_role_setting s, unnest(s.setconfig) c
    where lower(c) in ('pgrst.db_aggregates_enabled=true', 'pgrst.db_aggregates_enabled=on'))
)::text as catalog`

function toFunction(f: RawCatalog['functions'][number], schema: string): PgFunction {
  const names = f.arg_names ?? []
  const args: FunctionArg[] = []
  const out: Column[] = []
  if (f.arg_modes && f.all_arg_types) {
    f.all_arg_types.forEach((type, i) => {
      const mode = f.arg_modes![i]
      const name = names[i] ?? ''
      if (mode === 'i' || mode === 'b' || mode === 'v') args.push({ name, type })
      if (mode === 'o' || mode === 'b' || mode === 't') out.push({ name, type, hasDefault: false })
    })
  } else {
    ;(f.in_arg_types ?? []).forEach((type, i) => args.push({ name: names[i] ?? '', type }))
  }
  return {
    name: f.name,
    args,
    defaults: f.defaults,
    returnsSet: f.returns_set,
    returnType: f.return_type,
    returnRelation: f.return_relation,
    outColumns: out.length > 0 ? out : null,
    isVoid: f.return_type === 'void',
    volatile: f.volatile,
    schema,
    rows: f.rows,
    rowArg: f.row_arg,
  }
}

/**
 * Which view columns pass a table column through unchanged: each target entry of the view's stored query names its
 * origin (`:resorigtbl` oid, `:resorigcol` attnum). Entries of subqueries and CTEs come earlier in the text, so the
 * last entry per column name is the view's own.
 */
function addViewSources(raw: RawCatalog['relations'], relations: Map<string, Relation>): void {
  const byOid = new Map(raw.map((r) => [Number(r.oid), r]))
  // A view's column → [origin relation, origin column]; origins that are views are followed below.
  const direct = new Map<string, Map<string, { relation: string; column: string }>>()
  for (const r of raw) {
    if (!r.rewrite) continue
    const found = new Map<string, { relation: string; column: string }>()
    const re = /:resname (\S+) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+) :resjunk false/g
    for (const m of r.rewrite.matchAll(re)) {
      const origin = byOid.get(Number(m[2]))
      const column = origin?.attnums?.[m[3]!]
      const viewColumn = m[1]!
      if (origin && column && relations.get(r.name)?.columns.has(viewColumn)) {
        found.set(viewColumn, { relation: origin.name, column })
      } else found.delete(viewColumn)
    }
    direct.set(r.name, found)
  }
  // Views over views (PostgREST follows the chain too): resolved to the base table, at most 16 levels.
  const resolve = (relation: string, column: string, depth: number): { table: string; column: string } | null => {
    const via = direct.get(relation)
    if (!via) return relations.get(relation)?.kind === 'table' ? { table: relation, column } : null
    const next = via.get(column)
    return next && depth < 16 ? resolve(next.relation, next.column, depth + 1) : null
  }
  for (const [view, columns] of direct) {
    const rel = relations.get(view)
    if (!rel) continue
    rel.sources = []
    for (const [viewColumn, o] of columns) {
      const base = resolve(o.relation, o.column, 0)
      if (base) rel.sources.push({ viewColumn, ...base })
    }
  }
}

const UNNAMED_TYPES = new Set(['bytea', 'json', 'jsonb', 'text', 'xml'])

export async function loadSchemaCache(pg: PGlite, schema = 'public'): Promise<SchemaCache> {
  const { rows } = await pg.query<{ catalog: string }>(CATALOG_SQL, [schema])
  const raw = JSON.parse(rows[0]!.catalog) as RawCatalog
  const relations = new Map<string, Relation>()
  for (const r of raw.relations) {
    relations.set(r.name, {
      name: r.name,
      kind: r.kind === 'view' ? 'view' : 'table',
      columns: new Map(r.columns.map((c) => [c.name, { name: c.name, type: c.type, hasDefault: c.has_default }])),
      primaryKey: r.pk ?? [],
      uniqueKeys: r.uniques ?? [],
    })
  }
  addViewSources(raw.relations, relations)
  const functions = new Map<string, PgFunction[]>()
  const rowFunctions = new Map<string, PgFunction[]>()
  for (const f of raw.functions) {
    const fn = toFunction(f, schema)
    if (fn.rowArg) rowFunctions.set(fn.rowArg, [...(rowFunctions.get(fn.rowArg) ?? []), fn])
    // PostgREST lists a function only if all its parameters are named, or its one unnamed parameter is
    // bytea/json/jsonb/text/xml (passed by position).
    const unnamed = fn.args.filter((a) => a.name === '')
    if (unnamed.length > 1 || (unnamed.length === 1 && !UNNAMED_TYPES.has(unnamed[0]!.type))) continue
    const list = functions.get(f.name) ?? []
    list.push(fn)
    functions.set(f.name, list)
  }
  return { schema, relations, foreignKeys: raw.fks, functions, rowFunctions, aggregatesEnabled: raw.aggregates }
}

/**
 * The caches as the API sees them, one per exposed schema: loaded at start-up, swapped for fresh copies on
 * `NOTIFY pgrst, 'reload schema'`. Requests await the newest load, so a request sent after the NOTIFY's statement
 * returned sees the new schema.
 */
export class SchemaCacheHolder {
  private current = new Map<string, Promise<SchemaCache>>()
  private readonly listening: Promise<unknown>

  constructor(
    private readonly pg: PGlite,
    private readonly onError: (e: unknown) => void,
    readonly schemas: string[] = exposedSchemas(),
  ) {
    this.listening = this.pg.listen('pgrst', (payload) => {
      if (payload === '' || payload === 'reload schema') this.reload()
    })
    // The default schema loads at start-up, the other exposed schemas on their first request; a failure to load
    // reaches the first request that needs the cache (the start-up load is not awaited by anyone).
    this.get().catch(() => undefined)
  }

  get(schema = this.schemas[0]!): Promise<SchemaCache> {
    let cache = this.current.get(schema)
    if (!cache) this.current.set(schema, (cache = this.listening.then(() => loadSchemaCache(this.pg, schema))))
    return cache
  }

  reload(): void {
    for (const [schema, previous] of this.current) {
      // A failed reload keeps serving the previous cache.
      this.current.set(
        schema,
        loadSchemaCache(this.pg, schema).catch((e: unknown) => {
          this.onError(e)
          return previous
        }),
      )
    }
  }
}
