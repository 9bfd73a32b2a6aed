/**
 * The app's sync engine: one per tab, on the app's database, with the Supabase transport imported only when the
 * engine first needs it (design.md §1 rule 8). `startAppSync()` once at start-up; screens read `useSyncStatus`.
 */
import { useStore } from 'zustand'
import { getDatabase } from '@/db/database'
import { SyncEngine } from './engine'
import type { SyncStatus } from './status-store'

let engine: SyncEngine | null = null
let started = false

export function getAppSync(): SyncEngine {
  engine ??= new SyncEngine({
    db: getDatabase(),
    transport: async () => (await import('@/remote/client')).createTransport(),
  })
  return engine
}

/** Starts leader election; the leader tab syncs. Safe to call more than once. */
export function startAppSync(): SyncEngine {
  const e = getAppSync()
  if (!started) e.start()
  started = true
  return e
}

/** The sync status for the UI (online, pending, last sync, failures, storage problems). */
export function useSyncStatus<T>(select: (s: SyncStatus) => T): T {
  return useStore(getAppSync().status, select)
}

/**
 * Tells the engine that the device just wrote something to send (action hooks call it after a local write).
 * Does nothing before `startAppSync()` (component tests, static pages).
 */
export function pokeSync(): void {
  if (started && engine) void engine.sync('write').catch(() => {})
}
