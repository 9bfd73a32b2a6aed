/**
 * What realtime knows about the database's tables, read once and kept until DDL changes it: name → relid lookups for
 * joins, table facts (columns, keys, privileges) for joins and dispatch, and whether the change triggers match the
 * publication. An event trigger (change-log.sql, realtime.note_ddl) NOTIFYs `realtime_ddl` at the end of every DDL
 * statement — CREATE/ALTER/DROP, GRANT/REVOKE, ALTER PUBLICATION, policies — and that forgets everything, so a join
 * costs no catalogue query unless the schema moved since the last one (hosted Realtime caches the same way and
 * refreshes on its own schedule).
 */
import type { Database } from '../db/database.ts'
import { findTable, loadTableInfo, type TableInfo } from './table-info.ts'

export const DDL_CHANNEL = 'realtime_ddl'

export class Catalogue {
  private readonly relids = new Map<string, Promise<number | null>>()
  private readonly infos = new Map<number, Promise<TableInfo | null>>()
  private triggersSynced = false
  private syncing: Promise<void> | null = null
  /** Catalogue reads done (for tests: a join on a known table must not add any). */
  reads = 0

  constructor(
    private readonly db: Database,
    /** Puts the change trigger on newly published tables (ChangeFeed.syncTriggers). */
    private readonly sync: () => Promise<void>,
  ) {}

  /** The schema changed: everything is read again when next needed. */
  invalidate(): void {
    this.relids.clear()
    this.infos.clear()
    this.triggersSynced = false
  }

  /** Makes sure every published table has its change trigger; a no-op until DDL happens. */
  async ensureTriggers(): Promise<void> {
    if (this.triggersSynced) return
    if (!this.syncing) {
      this.syncing = (async () => {
        // Set first: DDL that lands while the sync runs clears it again, so the next join syncs once more.
        this.triggersSynced = true
        this.reads++
        try {
          await this.sync()
        } catch (e) {
          this.triggersSynced = false
          throw e
        } finally {
          this.syncing = null
        }
      })()
    }
    await this.syncing
  }

  relid(schema: string, table: string): Promise<number | null> {
    const key = `${schema}\u0000${table}`
    let found = this.relids.get(key)
    if (!found) {
      this.reads++
      this.relids.set(key, (found = findTable(this.db, schema, table)))
      found.catch(() => this.relids.delete(key))
    }
    return found
  }

  tableInfo(relid: number): Promise<TableInfo | null> {
    let found = this.infos.get(relid)
    if (!found) {
      this.reads++
      this.infos.set(relid, (found = loadTableInfo(this.db, relid)))
      found.catch(() => this.infos.delete(relid))
    }
    return found
  }
}
