/**
 * Which rows of a table changed, told by the database's own write path: for what keeps a copy of listings in memory
 * (the feed's filter projection) and for reads that follow a table a moment later (the inbox beside a live thread).
 * A DBCore middleware (Dexie's public `db.use`) sees every write — a put or add (one row or a bulk of any size), a
 * modify, a delete by key or by range, a clear — with its keys, when the write is made; the other tabs hear the same
 * over a BroadcastChannel. Nothing here reads Dexie's internals (its `storagemutated` key format, its batches).
 *
 * A notice comes before the commit, on purpose: a listener only marks the rows stale and reads them again before
 * its next answer, and IndexedDB never starts a read-only transaction before a read-write one created earlier over
 * the same store has finished — so that read sees the commit, or the old row when the write was rolled back.
 */
import type { DBCore, DBCoreMutateRequest, Middleware } from 'dexie'

/** Rows of a table by (string) primary key, or every row (a clear, a delete by key range). */
export type RowChange = { readonly ids: readonly string[] } | { readonly all: true }

type Listener = (change: RowChange) => void
/** What a tab tells the others. */
interface Notice {
  table: string
  change: RowChange
}

/** The row keys a mutation writes (a range: every row). */
function changeOf(req: DBCoreMutateRequest, keyOf: ((value: unknown) => unknown) | null): RowChange {
  if (req.type === 'deleteRange') return { all: true }
  const keys: unknown[] = [...(req.keys ?? [])]
  if (req.type === 'put' && req.updates) keys.push(...req.updates.keys)
  if ((req.type === 'put' || req.type === 'add') && !req.keys && keyOf) keys.push(...req.values.map(keyOf))
  return { ids: [...new Set(keys.filter((k): k is string => typeof k === 'string'))] }
}

/** The row changes of one database: told by its writes in this tab, and by the other tabs'. */
export class RowChanges {
  private readonly listeners = new Map<string, Set<Listener>>()
  private channel: BroadcastChannel | null = null

  /** `tables`: the tables whose writes are told (a fixed set, so every tab tells what any tab may follow). */
  constructor(
    private readonly databaseName: string,
    private readonly tables: ReadonlySet<string>,
  ) {}

  /** Listens to this tab's writes to `table` and the other tabs'. Returns the unsubscribe. */
  subscribe(table: string, listener: Listener): () => void {
    if (!this.tables.has(table)) throw new Error(`no change notices for table ${table}`)
    const set = this.listeners.get(table) ?? new Set()
    set.add(listener)
    this.listeners.set(table, set)
    this.open()
    return () => void set.delete(listener)
  }

  /** The middleware that reports this database's writes (KreisDatabase installs it). */
  middleware(): Middleware<DBCore> {
    return {
      stack: 'dbcore',
      name: 'kreis-row-changes',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name)
          if (!this.tables.has(name)) return table
          const keyOf = table.schema.primaryKey.extractKey
          return {
            ...table,
            mutate: (req) => {
              this.tell(name, changeOf(req, keyOf))
              return table.mutate(req)
            },
          }
        },
      }),
    }
  }

  /** Stops listening (the database closed): a listener subscribes again when it reloads. */
  close(): void {
    this.listeners.clear()
    this.channel?.close()
    this.channel = null
  }

  private tell(table: string, change: RowChange): void {
    if ('ids' in change && change.ids.length === 0) return
    this.hear({ table, change })
    this.open()?.postMessage({ table, change } satisfies Notice)
  }

  private hear({ table, change }: Notice): void {
    for (const l of this.listeners.get(table) ?? []) l(change)
  }

  private open(): BroadcastChannel | null {
    if (this.channel || typeof BroadcastChannel === 'undefined') return this.channel
    const channel = new BroadcastChannel(`kreis-row-changes:${this.databaseName}`)
    channel.onmessage = (e: MessageEvent<Notice>) => this.hear(e.data)
    // Node (tests, bench) would otherwise stay alive for an open channel; browsers have no unref.
    ;(channel as { unref?: () => void }).unref?.()
    this.channel = channel
    return channel
  }
}
