/** What the dispatcher needs to know about a table: its columns (Postgres type names), keys and privileges. */
import type { Database, DbRole } from '../db/database.ts'
import { DB_ROLES } from '../db/database.ts'

export interface ColumnInfo {
  name: string
  /** pg_type.typname: int8, uuid, text, timestamptz, _text … (what hosted Realtime sends in `columns`). */
  type: string
  isPk: boolean
  /** Roles with SELECT on this column. */
  readableBy: Set<DbRole>
}

export interface TableInfo {
  relid: number
  columns: ColumnInfo[]
  types: Map<string, string>
  rlsEnabled: boolean
  /** REPLICA IDENTITY FULL: old rows carry every column; otherwise only the primary key, as in the WAL. */
  replicaIdentityFull: boolean
}

interface ColumnRow {
  name: string
  type: string
  is_pk: boolean
  anon: boolean
  authenticated: boolean
  service_role: boolean
  rls: boolean
  replident: string
}

export async function loadTableInfo(db: Database, relid: number): Promise<TableInfo | null> {
  const { rows } = await db.pg.query<ColumnRow>(
    `select a.attname as name, t.typname as type,
            coalesce(a.attnum = any(i.indkey), false) as is_pk,
            has_column_privilege('anon', a.attrelid, a.attname, 'SELECT') as anon,
            has_column_privilege('authenticated', a.attrelid, a.attname, 'SELECT') as authenticated,
            has_column_privilege('service_role', a.attrelid, a.attname, 'SELECT') as service_role,
            c.relrowsecurity as rls, c.relreplident::text as replident
       from pg_class c
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
      where c.oid = $1
      order by a.attnum`,
    [relid],
  )
  const first = rows[0]
  if (!first) return null
  const columns = rows.map((r) => ({
    name: r.name,
    type: r.type,
    isPk: r.is_pk,
    readableBy: new Set(DB_ROLES.filter((role) => r[role])),
  }))
  return {
    relid,
    columns,
    types: new Map(columns.map((c) => [c.name, c.type])),
    rlsEnabled: first.rls,
    replicaIdentityFull: first.replident === 'f',
  }
}

/** The relid of schema.table, or null when there is no such table. */
export async function findTable(db: Database, schema: string, table: string): Promise<number | null> {
  const { rows } = await db.pg.query<{ relid: number }>(
    `select c.oid::int8 as relid from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [schema, table],
  )
  return rows[0] ? Number(rows[0].relid) : null
}
