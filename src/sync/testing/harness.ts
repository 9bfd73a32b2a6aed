/**
 * Test devices: a fresh Dexie database (fake-indexeddb in node tests), a MemoryTransport to a shared
 * MemoryServer, and a SyncEngine on a virtual clock.
 */
import Dexie from 'dexie'
import { KreisDatabase } from '@/db/database'
import type { Clock } from '../clock'
import { SyncEngine } from '../engine'
import type { MemoryServer } from './memory-server'
import { LateDeliveries, MemoryTransport, type FaultTally } from './memory-transport'
import { NewerSchemaDatabase } from './newer-schema'
import type { Rng } from './prng'
import { StorageFull } from './storage-full'

let dbCounter = 0
const RUN = Math.random().toString(36).slice(2)

/**
 * Databases are reused between scenarios (emptied, not deleted): creating the schema costs more than a whole
 * small scenario's writes in fake-indexeddb.
 */
const pool: KreisDatabase[] = []
/** Each pooled database's switch for a full disk (installed before the database first opens). */
const disks = new WeakMap<KreisDatabase, StorageFull>()

function acquireDatabase(name: string): KreisDatabase {
  const pooled = pool.pop()
  if (pooled) return pooled
  const db = new KreisDatabase(`test-${name}-${RUN}-${++dbCounter}`)
  disks.set(db, new StorageFull(db))
  return db
}

async function releaseDatabase(db: KreisDatabase): Promise<void> {
  // An upgraded database is not pooled: the next scenario's devices start under the app's own schema.
  if (db instanceof NewerSchemaDatabase) {
    db.close()
    await Dexie.delete(db.name)
    return
  }
  await db.transaction('rw', db.tables, () => Promise.all(db.tables.map((t) => t.clear())))
  pool.push(db)
}

/** A virtual clock: time moves only when the test says so. */
export class VirtualClock implements Clock {
  constructor(
    public t: number,
    private readonly rng: Rng,
  ) {}
  now(): number {
    return this.t
  }
  random(): number {
    return this.rng.next()
  }
  advance(ms: number): void {
    this.t += ms
  }
}

/** Another tab of a device (see Device.openTab). */
export interface Tab {
  db: KreisDatabase
  transport: MemoryTransport
  engine: SyncEngine
  close(): Promise<void>
}

export class Device {
  /** The device's database (a new connection, under the newer schema, after `upgradeSchema`). */
  db: KreisDatabase
  /** Makes one of this device's next local writes fail as on a full disk. */
  disk: StorageFull
  transport: MemoryTransport
  engine: SyncEngine

  constructor(
    readonly name: string,
    readonly userId: string,
    private readonly server: MemoryServer,
    private readonly rng: Rng,
    readonly clock: VirtualClock,
    private readonly late: LateDeliveries,
    private readonly tally: FaultTally | null = null,
  ) {
    this.db = acquireDatabase(name)
    this.disk = disks.get(this.db)!
    this.transport = new MemoryTransport(server, userId, rng, late)
    this.transport.tally = tally
    this.engine = this.newEngine()
  }

  /** Every engine this device ran (a restart leaves the old one behind, possibly mid-cycle). */
  private readonly engines: SyncEngine[] = []

  private newEngine(): SyncEngine {
    const engine = new SyncEngine({ db: this.db, transport: this.transport, clock: this.clock, locks: null })
    this.engines.push(engine)
    this.transport.subscribe({
      onChange: (c) => void engine.onRealtimeChange(c).catch(() => {}),
      onStatus: () => {},
    })
    return engine
  }

  /**
   * The tab dies (possibly mid-sync) and the app starts again on the same database: the old engine's transport
   * never answers again, a new engine and connection take over.
   */
  restart(): void {
    this.signIn(this.userId)
  }

  /**
   * The tab starts again signed in as `userId` (the device's person, or another account signing in on it): a new
   * engine whose transport carries that account's session. The device's data is the caller's (signed-in-user.ts).
   */
  signIn(userId: string): void {
    const online = this.transport.online
    const faults = this.transport.faults
    this.transport.dead = true
    this.transport = new MemoryTransport(this.server, userId, this.rng, this.late)
    this.transport.online = online
    this.transport.faults = faults
    this.transport.tally = this.tally
    this.engine = this.newEngine()
  }

  /**
   * A second tab of this device: its own connection to the same database, its own transport and engine (the
   * device's own tab is led by `engine`; which of the two drains is the test's choice, as the leader lock's).
   */
  openTab(): Tab {
    const db =
      this.db instanceof NewerSchemaDatabase ? new NewerSchemaDatabase(this.db.name) : new KreisDatabase(this.db.name)
    const transport = new MemoryTransport(this.server, this.userId, this.rng, this.late)
    transport.online = this.transport.online
    transport.faults = this.transport.faults
    transport.tally = this.tally
    const engine = new SyncEngine({ db, transport, clock: this.clock, locks: null })
    this.engines.push(engine)
    return {
      db,
      transport,
      engine,
      close: async () => {
        // The tab is closed: its transport never answers again and its connection goes.
        transport.dead = true
        await engine.stop()
        db.close()
      },
    }
  }

  /**
   * The app is updated while it runs: the new version opens the device's database under the newer schema
   * (testing/newer-schema.ts), whatever is queued or in flight; the running tab's connection is closed by the version
   * change and a new engine takes over on the new connection. False when the database is upgraded already.
   */
  async upgradeSchema(): Promise<boolean> {
    if (this.db instanceof NewerSchemaDatabase) return false
    // The running connection closes on the version change as Dexie's default handler does, without its warning.
    const running = this.db
    running.on('versionchange', () => {
      running.close({ disableAutoOpen: false })
      return false
    })
    const db = new NewerSchemaDatabase(this.db.name)
    const disk = new StorageFull(db)
    await db.open()
    this.db = db
    this.disk = disk
    this.signIn(this.userId)
    return true
  }

  async close(): Promise<void> {
    this.disk.clear()
    for (const e of this.engines) await e.stop()
    await releaseDatabase(this.db)
  }
}
