/**
 * One change → the frames its subscribers may see (reference/supabase-wire.md §6.4), following hosted Realtime
 * (walrus' apply_rls): bindings match by schema, table, event and filter; a row goes only to subscribers whose own
 * role and claims may SELECT it (one batched SQL call per change, see realtime.visible_to); columns and values are
 * limited to what the subscriber's role may read. DELETE cannot be checked against RLS (the row is gone), so it
 * reaches every matching binding on that table with an old_record holding only the primary key.
 */
import type { Database, DbRole } from '../db/database.ts'
import type { Change, Row } from './change-feed.ts'
import type { Binding, Channel } from './channel.ts'
import { matches } from './filters.ts'
import { loadTableInfo, type TableInfo } from './table-info.ts'

interface Candidate {
  channel: Channel
  binding: Binding
}

const pick = (row: Row | null, names: string[]): Row =>
  Object.fromEntries(names.filter((n) => row !== null && n in row).map((n) => [n, row![n]]))

function bindingWants(b: Binding, change: Change): boolean {
  return (
    (b.schema === '*' || b.schema === change.schema) &&
    (b.table === null || b.table === change.table) &&
    (b.event === '*' || b.event === change.type)
  )
}

/** The `data` object of a postgres_changes frame for subscribers of one role. */
function changeData(change: Change, info: TableInfo, role: DbRole): Record<string, unknown> {
  const readable = info.columns.filter((c) => c.readableBy.has(role))
  const names = readable.map((c) => c.name)
  const pkNames = readable.filter((c) => c.isPk).map((c) => c.name)
  const data: Record<string, unknown> = {
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    errors: null,
    columns: readable.map((c) => ({ name: c.name, type: c.type })),
  }
  if (change.type !== 'DELETE') data.record = pick(change.record, names)
  if (change.type === 'UPDATE') data.old_record = pick(change.oldRecord, info.replicaIdentityFull ? names : pkNames)
  if (change.type === 'DELETE') {
    data.old_record = pick(change.oldRecord, info.replicaIdentityFull && !info.rlsEnabled ? names : pkNames)
  }
  return data
}

export class Dispatcher {
  /** Table facts by relid; forgotten whenever a channel joins, which is also when the publication is re-read. */
  private readonly tables = new Map<number, TableInfo>()

  constructor(
    private readonly db: Database,
    private readonly channels: () => ReadonlySet<Channel>,
  ) {}

  async dispatch(change: Change): Promise<void> {
    const candidates: Candidate[] = []
    for (const channel of this.channels()) {
      for (const binding of channel.bindings) if (bindingWants(binding, change)) candidates.push({ channel, binding })
    }
    if (candidates.length === 0) return

    const info = await this.tableInfo(change.relid)
    if (!info) return
    const pk = info.columns.filter((c) => c.isPk)
    if (pk.length === 0) {
      // As hosted: no primary key, no row-level check, so only an error reaches the subscriber.
      this.send(candidates, () => ({
        schema: change.schema,
        table: change.table,
        commit_timestamp: change.commitTimestamp,
        type: change.type,
        errors: ['Error 400: Bad Request, no primary key'],
        columns: [],
      }))
      return
    }

    // A DELETE's old row carries only the key unless the table has REPLICA IDENTITY FULL, as in the WAL.
    const filterRow =
      change.type === 'DELETE'
        ? pick(change.oldRecord, info.replicaIdentityFull ? info.columns.map((c) => c.name) : pk.map((c) => c.name))
        : (change.record ?? {})
    const wanted = candidates.filter(
      ({ channel, binding }) =>
        pk.every((c) => c.readableBy.has(channel.role)) && matches(binding.conditions, filterRow, info.types),
    )
    if (wanted.length === 0) return

    let visible = wanted
    if (info.rlsEnabled && change.type !== 'DELETE') {
      // service_role bypasses RLS; everyone else is checked once per distinct set of claims.
      const keys = [...new Set(wanted.filter(({ channel }) => channel.role !== 'service_role').map(({ channel }) => channel.claimsKey))]
      const allowed = new Set<string>()
      if (keys.length > 0) {
        const { rows } = await this.db.pg.query<{ visible: boolean[] }>(
          `select realtime.visible_to($1, $2, $3::jsonb[]) as visible`,
          [change.relid, pick(change.record, pk.map((c) => c.name)), keys],
        )
        rows[0]?.visible.forEach((ok, i) => ok && allowed.add(keys[i]!))
      }
      visible = wanted.filter(({ channel }) => channel.role === 'service_role' || allowed.has(channel.claimsKey))
    }
    const byRole = new Map<DbRole, Record<string, unknown>>()
    this.send(visible, (role) => {
      let data = byRole.get(role)
      if (!data) byRole.set(role, (data = changeData(change, info, role)))
      return data
    })
  }

  forgetTables(): void {
    this.tables.clear()
  }

  private async tableInfo(relid: number): Promise<TableInfo | null> {
    const known = this.tables.get(relid)
    if (known) return known
    const info = await loadTableInfo(this.db, relid)
    if (info) this.tables.set(relid, info)
    return info
  }

  /** One frame per channel, carrying the ids of all its bindings that matched. */
  private send(candidates: Candidate[], dataFor: (role: DbRole) => Record<string, unknown>): void {
    const ids = new Map<Channel, number[]>()
    for (const { channel, binding } of candidates) {
      const list = ids.get(channel)
      if (list) list.push(binding.id)
      else ids.set(channel, [binding.id])
    }
    // A channel may have left while the RLS check ran.
    const live = this.channels()
    for (const [channel, list] of ids) {
      if (live.has(channel)) channel.send('postgres_changes', { ids: list, data: dataFor(channel.role) })
    }
  }
}
