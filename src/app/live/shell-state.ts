/**
 * What the shell (header, account area, sync pill, home page) shows about the session and the sync engine, in a
 * store that holds no database code. The first route paints from it at once; the data layer (Dexie, session, sync
 * engine: ./live-services, a lazy chunk loaded right after the first render) fills it in. Until then the session is
 * 'loading' (the header holds the account area's space) and nothing waits or failed as far as the shell knows.
 */
import { createStore, useStore } from 'zustand'
import type { HeaderSession } from '../header-account'
import type { SyncStatus } from '@/data'

export interface ShellLiveState {
  /** The data layer has loaded and reports (false during the first paint). */
  live: boolean
  session: HeaderSession
  sync: Pick<SyncStatus, 'pendingCount' | 'photos' | 'failures' | 'lastSyncAt' | 'storageProblem' | 'needsSignIn'>
}

/** The session while it is read (one object: the bridge hands the same one on, so the layout need not re-render). */
export const LOADING_SESSION: HeaderSession = { status: 'loading' }

export const initialShellLiveState = (): ShellLiveState => ({
  live: false,
  session: LOADING_SESSION,
  sync: { pendingCount: 0, photos: null, failures: [], lastSyncAt: null, storageProblem: null, needsSignIn: false },
})

export const shellLiveStore = createStore<ShellLiveState>(initialShellLiveState)

export function useShellLive<T>(select: (s: ShellLiveState) => T): T {
  return useStore(shellLiveStore, select)
}

/** The header's session (loading, signed out, signed in with avatar initial and Sign Out). */
export const useShellSession = (): HeaderSession => useShellLive((s) => s.session)
