/**
 * Which listing rows changed, told by the database's own write path, for what keeps a copy of them in memory (the
 * feed's filter projection). A DBCore middleware (Dexie's public `db.use`) sees every write to `listings` — a put
 * or add (one row or a bulk of any size), a modify, a delete by key or by range, a clear — with its keys, when the
 * write is made; the other tabs hear the same over a BroadcastChannel.
 *
 * A notice comes before the commit, on purpose: a listener only marks the rows stale and reads them again before
 * its next answer, and IndexedDB never starts a read-only transaction before a read-write one created earlier over
 * the same store has finished — so that read sees the commit, or the old row when the write was rolled back.
 */
import type { DBCore, DBCoreMutateRequest, Middleware } from 'dexie'

/** Rows of `listings` by id, or every row (a clear, a delete by key range). */
export type ListingChange = { readonly ids: readonly string[] } | { readonly all: true }

type Listener = (change: ListingChange) => void

const TABLE = 'listings'

/** The listing ids a mutation writes (a range: every row). */
function changeOf(req: DBCoreMutateRequest, keyOf: ((value: unknown) => unknown) | null): ListingChange {
  if (req.type === 'deleteRange') return { all: true }
  const keys: unknown[] = [...(req.keys ?? [])]
  if (req.type === 'put' && req.updates) keys.push(...req.updates.keys)
  if ((req.type === 'put' || req.type === 'add') && !req.keys && keyOf) keys.push(...req.values.map(keyOf))
  return { ids: [...new Set(keys.filter((k): k is string => typeof k === 'string'))] }
}

/** The listing changes of one database: told by its writes in this tab, and by the other tabs'. */
export class ListingChanges {
  private readonly listeners = new Set<Listener>()
  private channel: BroadcastChannel | null = null

  constructor(private readonly databaseName: string) {}

  /** Listens to this tab's listing writes and the other tabs'. Returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    this.open()
    return () => this.listeners.delete(listener)
  }

  /** The middleware that reports this database's writes to `listings` (KreisDatabase installs it). */
  middleware(): Middleware<DBCore> {
    return {
      stack: 'dbcore',
      name: 'kreis-listing-changes',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name)
          if (name !== TABLE) return table
          const keyOf = table.schema.primaryKey.extractKey
          return {
            ...table,
            mutate: (req) => {
              this.tell(changeOf(req, keyOf))
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

  private tell(change: ListingChange): void {
    if ('ids' in change && change.ids.length === 0) return
    for (const l of this.listeners) l(change)
    this.open()?.postMessage(change)
  }

  private open(): BroadcastChannel | null {
    if (this.channel || typeof BroadcastChannel === 'undefined') return this.channel
    const channel = new BroadcastChannel(`kreis-listing-changes:${this.databaseName}`)
    channel.onmessage = (e: MessageEvent<ListingChange>) => {
      for (const l of this.listeners) l(e.data)
    }
    // Node (tests, bench) would otherwise stay alive for an open channel; browsers have no unref.
    ;(channel as { unref?: () => void }).unref?.()
    this.channel = channel
    return channel
  }
}
