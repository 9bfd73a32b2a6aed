/**
 * The app's database as an update would declare it: one schema version more than the app's own, whose upgrade
 * adds an index to the outbox, rewrites every queued entry (a new field, as a change of the entry format would) and
 * shrinks the device's window to `NEWER_SCHEMA_WINDOW` listings with the app's own eviction (as the upgrade to
 * version 3 shrank devices that mirrored everything): a listing with a queued write must stay.
 * The fault suite opens a device's database with it mid-scenario, with writes queued and sometimes a drain in flight:
 * the open waits for the running tab's connection, which Dexie closes on the version change (its transactions then
 * fail), and the updated app's engine sends what was queued, once.
 */
import { KreisDatabase } from '@/db/database'
import { evictOutsideWindow, type WindowTables } from '@/db/window-eviction'

export const NEWER_SCHEMA_VERSION = 4
/** The field the upgrade writes on every queued entry. */
export const UPGRADED_MARK = 'format'
/** The window the upgrade shrinks the device to (listings), far below what the scenarios' devices hold. */
export const NEWER_SCHEMA_WINDOW = 2

export class NewerSchemaDatabase extends KreisDatabase {
  constructor(name: string) {
    super(name)
    this.version(NEWER_SCHEMA_VERSION)
      .stores({ outbox: '++seq, group, state, queued_at' })
      .upgrade(async (tx) => {
        await tx
          .table('outbox')
          .toCollection()
          .modify((e: Record<string, unknown>) => {
            e[UPGRADED_MARK] = NEWER_SCHEMA_VERSION
          })
        await evictOutsideWindow(tx as unknown as WindowTables, NEWER_SCHEMA_WINDOW)
      })
  }
}
