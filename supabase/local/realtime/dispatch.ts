/**
 * Changes → the frames their subscribers may see (docs/supabase-wire.md §6.4), following hosted Realtime
 * (walrus' apply_rls): bindings match by schema, table, event and filter; a row goes only to subscribers whose own
 * role and claims may SELECT it (one SQL call per table for a whole batch of changes, see realtime.visible_rows,
 * checking once per distinct (role, user): every session and token of one user shares one check);
 * columns and values are limited to what the subscriber's role may read. DELETE cannot be checked against RLS (the
 * row is gone), so it reaches every matching binding on that table with an old_record holding only the primary key.
 * Frames go out in the order of the changes.
 */
import type { Database, DbRole } from '../db/database.ts'
import type { Change, Row } from './change-feed.ts'
import type { Binding, Channel } from './channel.ts'
import type { Catalogue } from './catalogue.ts'
import type { TableInfo } from './table-info.ts'

interface Candidate {
  channel: Channel
  binding: Binding
}

/** A change with the subscribers it may reach: `check` lists the visibility keys row-level security still has to pass. */
interface Planned {
  change: Change
  info: TableInfo
  pkNames: string[]
  wanted: Candidate[]
  check: string[]
  visible: Candidate[]
  noPrimaryKey?: true
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

const noPrimaryKeyData = (change: Change) => ({
  schema: change.schema,
  table: change.table,
  commit_timestamp: change.commitTimestamp,
  type: change.type,
  errors: ['Error 400: Bad Request, no primary key'],
  columns: [],
})

export class Dispatcher {
  /** Visibility checks run (one per distinct (role, user) and table per batch), for tests and diagnostics. */
  checks = 0

  constructor(
    private readonly db: Database,
    private readonly channels: () => ReadonlySet<Channel>,
    private readonly catalogue: Catalogue,
  ) {}

  /** Sends the frames of a batch of changes, in order. A failed visibility check drops only its table's changes. */
  async dispatch(changes: readonly Change[]): Promise<void> {
    const planned: Planned[] = []
    for (const change of changes) {
      const p = await this.plan(change)
      if (p) planned.push(p)
    }
    const failures: unknown[] = []
    const byTable = new Map<number, Planned[]>()
    for (const p of planned) {
      if (p.check.length === 0) continue
      const group = byTable.get(p.change.relid)
      if (group) group.push(p)
      else byTable.set(p.change.relid, [p])
    }
    for (const [relid, group] of byTable) {
      try {
        await this.checkVisibility(relid, group)
      } catch (e) {
        failures.push(e)
        for (const p of group) p.visible = p.visible.filter(({ channel }) => channel.role === 'service_role')
      }
    }
    for (const p of planned) {
      if (p.noPrimaryKey) {
        this.send(p.visible, () => noPrimaryKeyData(p.change))
        continue
      }
      const byRole = new Map<DbRole, Record<string, unknown>>()
      this.send(p.visible, (role) => {
        let data = byRole.get(role)
        if (!data) byRole.set(role, (data = changeData(p.change, p.info, role)))
        return data
      })
    }
    if (failures.length > 0) throw new AggregateError(failures, 'realtime: checking who may see changes failed')
  }

  /** Who may get a change before row-level security is asked; null when nobody. */
  private async plan(change: Change): Promise<Planned | null> {
    const candidates: Candidate[] = []
    for (const channel of this.channels()) {
      for (const binding of channel.bindings) if (bindingWants(binding, change)) candidates.push({ channel, binding })
    }
    if (candidates.length === 0) return null

    const info = await this.catalogue.tableInfo(change.relid)
    if (!info) return null
    const pk = info.columns.filter((c) => c.isPk)
    // As hosted: no primary key, no row-level check, so only an error reaches the subscriber.
    if (pk.length === 0)
      return { change, info, pkNames: [], wanted: candidates, check: [], visible: candidates, noPrimaryKey: true }

    // A DELETE's old row carries only the key unless the table has REPLICA IDENTITY FULL, as in the WAL.
    const filterRow =
      change.type === 'DELETE'
        ? pick(change.oldRecord, info.replicaIdentityFull ? info.columns.map((c) => c.name) : pk.map((c) => c.name))
        : (change.record ?? {})
    const wanted = candidates.filter(
      ({ channel, binding }) => pk.every((c) => c.readableBy.has(channel.role)) && binding.test(filterRow),
    )
    if (wanted.length === 0) return null
    // service_role bypasses RLS; everyone else is checked once per distinct (role, user).
    const needsCheck = info.rlsEnabled && change.type !== 'DELETE'
    const check = needsCheck
      ? [
          ...new Set(
            wanted.filter(({ channel }) => channel.role !== 'service_role').map(({ channel }) => channel.visibilityKey),
          ),
        ]
      : []
    const visible = needsCheck ? wanted.filter(({ channel }) => channel.role === 'service_role') : wanted
    return { change, info, pkNames: pk.map((c) => c.name), wanted, check, visible }
  }

  /**
   * One query for all changes of one table: adds the candidates whose (role, user) may SELECT the row. The claims
   * sent for a key are those of one of its channels (the same user's tokens differ only in times and session).
   */
  private async checkVisibility(relid: number, group: Planned[]): Promise<void> {
    const keys = [...new Set(group.flatMap((p) => p.check))]
    const claimsOf = new Map<string, string>()
    for (const p of group) {
      for (const { channel } of p.wanted) {
        if (!claimsOf.has(channel.visibilityKey)) claimsOf.set(channel.visibilityKey, JSON.stringify(channel.claims))
      }
    }
    this.checks += keys.length
    const { rows } = await this.db.pg.query<{ claim_index: number; row_index: number }>(
      `select claim_index, row_index from realtime.visible_rows($1, $2::jsonb[], $3::jsonb[])`,
      [relid, group.map((p) => pick(p.change.record, p.pkNames)), keys.map((k) => claimsOf.get(k)!)],
    )
    const seen = new Set(rows.map((r) => `${r.row_index - 1}:${keys[r.claim_index - 1]}`))
    group.forEach((p, i) => {
      p.visible.push(
        ...p.wanted.filter(
          ({ channel }) => channel.role !== 'service_role' && seen.has(`${i}:${channel.visibilityKey}`),
        ),
      )
    })
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
