/**
 * The app's data layer, a chunk of its own that loads while the first route paints (docs/architecture.md §6: the first
 * route's JS stays small): the device's database (Dexie), the cached session, the sync engine, and the bridge that
 * reports the session and the engine's status to the shell (./shell-state). The engine starts after the first
 * render, for every visitor (the public feed is mirrored for visitors too, so a second visit works offline).
 */
import { Suspense, useEffect, useLayoutEffect, useMemo } from 'react'
import { lazyRetrying } from '@/ui/lazy-retrying'
import {
  DatabaseProvider,
  getDatabase,
  initSession,
  ProfileLanguage,
  startAppSync,
  useSession,
  useSyncStatus,
  type KreisDatabase,
} from '@/data'
import { useHeaderSession, type HeaderSession } from '../header-account'
import { LOADING_SESSION, shellLiveStore } from './shell-state'

let started = false

/** The notifications offer and the app badge, for signed-in users only (their own chunk). */
const PushServices = lazyRetrying(() => import('../push/push-services'))

function SignedInPush() {
  const signedIn = useSession((s) => s.status === 'signed-in')
  if (!signedIn) return null
  return (
    <Suspense fallback={null}>
      <PushServices />
    </Suspense>
  )
}

/**
 * The shell's parts that load with the data (they are not in the first route's JS) are fetched now, while the
 * network is there: the offline line and the sync panel are needed precisely when it is gone, and a page the
 * service worker does not control yet could not fetch them then.
 */
function warmShellChunks(): void {
  void import('../layout/offline-since').catch(() => {})
  void import('../layout/sync-panel').catch(() => {})
  void import('../layout/signed-in-actions').catch(() => {})
}

/** The next task: each start-up step runs in its own, so none blocks input for long (TBT at 4x CPU). */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * Opens the device's database, creates the Supabase client, reads the cached session, then starts the sync engine,
 * each in its own task after the commit that mounted the services; the shell's other chunks are fetched when the
 * browser is idle. Once per page.
 */
export function startServices(db: KreisDatabase): void {
  if (started) return
  started = true
  void nextTask()
    // Open before the first reads: the reads asked for while it opens all run in the one task that opened it.
    .then(() => db.open())
    .catch(() => {}) // a database that cannot open fails its reads and writes as before, visibly
    .then(nextTask)
    // supabase-js's client (auth, realtime: ~15 ms of CPU) on its own, not in the task that renders the session.
    .then(() => import('@/remote/client'))
    .then(async ({ getSupabaseClient }) => {
      await nextTask()
      getSupabaseClient()
    })
    .catch(() => {}) // its chunk unreachable: the session reads the cache offline, as before
    .then(nextTask)
    .then(() => initSession(db))
    .catch(() => {})
    .then(nextTask)
    .then(() => {
      startAppSync()
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(warmShellChunks, { timeout: WARM_CHUNKS_TIMEOUT_MS })
      else setTimeout(warmShellChunks, 0)
    })
}

/** The longest the shell's offline chunks wait for an idle moment. */
const WARM_CHUNKS_TIMEOUT_MS = 3000

const SIGNED_OUT: HeaderSession = { status: 'signed-out' }

/** Copies the live session and the engine's status into the shell's store (before the browser paints). */
export function ShellStateBridge() {
  const header = useHeaderSession()
  const signedIn = header.status === 'signed-in' ? header : null
  const status = header.status
  const displayName = signedIn?.displayName ?? ''
  const initial = signedIn?.initial ?? ''
  const signOut = signedIn?.signOut ?? null
  const pendingCount = useSyncStatus((s) => s.pendingCount)
  const photos = useSyncStatus((s) => s.photos)
  const failures = useSyncStatus((s) => s.failures)
  const lastSyncAt = useSyncStatus((s) => s.lastSyncAt)
  const storageProblem = useSyncStatus((s) => s.storageProblem)
  const needsSignIn = useSyncStatus((s) => s.needsSignIn)
  // The same objects while what they hold is the same: the shell re-renders only the parts that read what changed
  // (a sync's new time used to re-render the whole layout through a new session object, in one long task: TBT).
  const session = useMemo<HeaderSession>(
    () =>
      signOut
        ? { status: 'signed-in', displayName, initial, signOut }
        : status === 'signed-out'
          ? SIGNED_OUT
          : LOADING_SESSION,
    [status, displayName, initial, signOut],
  )
  const sync = useMemo(
    () => ({ pendingCount, photos, failures, lastSyncAt, storageProblem, needsSignIn }),
    [pendingCount, photos, failures, lastSyncAt, storageProblem, needsSignIn],
  )
  useLayoutEffect(() => {
    shellLiveStore.setState({ live: true, session, sync })
  }, [session, sync])
  return null
}

/** Rendered once by the AppProvider: starts the services on the app's (or a test's) database and bridges them. */
export default function LiveServices({ db }: { db?: KreisDatabase }) {
  const database = db ?? getDatabase()
  useEffect(() => startServices(database), [database])
  if (!db) {
    return (
      <>
        <ShellStateBridge />
        <SignedInPush />
        <ProfileLanguage />
      </>
    )
  }
  return (
    <DatabaseProvider db={db}>
      <ShellStateBridge />
      <SignedInPush />
    </DatabaseProvider>
  )
}
