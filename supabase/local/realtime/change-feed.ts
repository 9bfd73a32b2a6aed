/**
 * Changes from Postgres itself: the change-log triggers (change-log.sql) write each row change of a published table
 * to realtime.changes and NOTIFY its id; the feed reads the log in id order (so a lost or merged notification
 * loses nothing), hands the dispatcher each read's changes together, in order, and prunes what it has read.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from '../db/database.ts'
import type { Logger } from '../shared/logger.ts'
import { DRAIN_BATCH_ROWS, PRUNE_INTERVAL_MS } from './limits.ts'

const CHANGE_LOG_SQL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'change-log.sql')
const CHANNEL = 'realtime'

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE'
export type Row = Record<string, unknown>

export interface Change {
  id: number
  relid: number
  schema: string
  table: string
  type: ChangeType
  record: Row | null
  oldRecord: Row | null
  /** ISO 8601 in UTC with milliseconds, as hosted Realtime formats it. */
  commitTimestamp: string
}

interface ChangeRow {
  id: number | bigint
  relid: number
  schema_name: string
  table_name: string
  type: ChangeType
  record: Row | null
  old_record: Row | null
  commit_timestamp: Date
}

/**
 * Runs change-log.sql unless this very version is installed already (its sha1 is kept as the comment of schema
 * realtime): the DDL costs a noticeable part of a cold start, and it only changes with the file.
 */
async function installChangeLog(db: Database): Promise<void> {
  const sql = fs.readFileSync(CHANGE_LOG_SQL, 'utf8')
  const version = `kreis change log ${crypto.createHash('sha1').update(sql).digest('hex')}`
  const { rows } = await db.pg.query<{ description: string | null }>(
    `select d.description from pg_namespace n
       left join pg_description d on d.objoid = n.oid and d.classoid = 'pg_namespace'::regclass
      where n.nspname = 'realtime'`,
  )
  if (rows[0]?.description === version) return
  await db.pg.exec(`begin;\n${sql}\n;comment on schema realtime is '${version}';\ncommit;`)
}

export class ChangeFeed {
  private lastId = 0
  private draining: Promise<void> | null = null
  private again = false
  private published = new Set<number>()
  private syncing: Promise<void> | null = null
  private syncAgain = false
  private unlisten: (() => Promise<void>) | null = null
  private pruneTimer: NodeJS.Timeout | null = null
  private closed = false

  private constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly onChanges: (changes: Change[]) => Promise<void>,
    private readonly hasSubscribers: () => boolean,
  ) {}

  static async start(
    db: Database,
    log: Logger,
    onChanges: (changes: Change[]) => Promise<void>,
    hasSubscribers: () => boolean,
  ): Promise<ChangeFeed> {
    const feed = new ChangeFeed(db, log, onChanges, hasSubscribers)
    await installChangeLog(db)
    // Rows left by an earlier run had no subscriber that could still want them.
    const { rows } = await db.pg.query<{ max: number | bigint | null }>(`select max(id) as max from realtime.changes`)
    feed.lastId = Number(rows[0]?.max ?? 0)
    await db.pg.query(`delete from realtime.changes where id <= $1`, [feed.lastId])
    // The publication is read (and triggers synced) when the first subscriber with bindings joins
    // (Catalogue.ensureTriggers), not here: a start does no more than it must before the port opens.
    feed.unlisten = await db.pg.listen(CHANNEL, (payload) => feed.notified(Number(payload)))
    feed.pruneTimer = setInterval(() => feed.prune(), PRUNE_INTERVAL_MS)
    feed.pruneTimer.unref()
    return feed
  }

  isPublished(relid: number): boolean {
    return this.published.has(relid)
  }

  /**
   * Re-reads the publication and puts the change trigger on newly published tables. Called by the realtime catalogue
   * before the first join with bindings and after DDL (catalogue.ts), so a table added to supabase_realtime while the
   * stack runs is picked up by the next subscriber. Concurrent calls share one run plus at most one follow-up.
   */
  syncTriggers(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true
      return this.syncing
    }
    this.syncing = (async () => {
      try {
        do {
          this.syncAgain = false
          const { rows } = await this.db.pg.query<{ relid: number }>(`select realtime.sync_triggers() as relid`)
          this.published = new Set(rows.map((r) => Number(r.relid)))
        } while (this.syncAgain && !this.closed)
      } finally {
        this.syncing = null
      }
    })()
    return this.syncing
  }

  /** With nobody subscribed, a change is only counted as seen (no query), which keeps writes cheap. */
  private notified(id: number): void {
    if (!this.draining && !this.hasSubscribers() && Number.isSafeInteger(id)) {
      this.lastId = Math.max(this.lastId, id)
      return
    }
    void this.drain()
  }

  /** Reads and dispatches everything after the last change seen; a call during a drain schedules one more pass. */
  drain(): Promise<void> {
    if (this.draining) {
      this.again = true
      return this.draining
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false
          await this.drainOnce()
        } while (this.again && !this.closed)
      } catch (e) {
        if (!this.closed) this.log.error('realtime: reading the change log failed', e)
      } finally {
        this.draining = null
      }
    })()
    return this.draining
  }

  private async drainOnce(): Promise<void> {
    for (;;) {
      if (this.closed) return
      const { rows } = await this.db.pg.query<ChangeRow>(
        `select id, relid, schema_name, table_name, type, record, old_record, commit_timestamp
           from realtime.changes where id > $1 order by id limit $2`,
        [this.lastId, DRAIN_BATCH_ROWS],
      )
      const changes: Change[] = rows
        .filter((r) => this.published.has(Number(r.relid)))
        .map((r) => ({
          id: Number(r.id),
          relid: Number(r.relid),
          schema: r.schema_name,
          table: r.table_name,
          type: r.type,
          record: r.record,
          oldRecord: r.old_record,
          commitTimestamp: r.commit_timestamp.toISOString(),
        }))
      if (rows.length > 0) this.lastId = Number(rows[rows.length - 1]!.id)
      if (changes.length > 0) {
        try {
          await this.onChanges(changes)
        } catch (e) {
          if (!this.closed)
            this.log.error(`realtime: dispatching changes ${changes[0]!.id}–${changes.at(-1)!.id} failed`, e)
        }
      }
      if (rows.length < DRAIN_BATCH_ROWS) return
    }
  }

  private prune(): void {
    this.db.pg
      .query(`delete from realtime.changes where id <= $1`, [this.lastId])
      .catch((e) => this.closed || this.log.error('realtime: pruning the change log failed', e))
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.pruneTimer) clearInterval(this.pruneTimer)
    await this.draining
    await this.syncing
    await this.unlisten?.().catch(() => {})
  }
}
