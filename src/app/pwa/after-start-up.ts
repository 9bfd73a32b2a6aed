/**
 * When the service worker registers: after the page's load event, once the data layer's first sync has reached the
 * server (the shell's `lastSyncAt`) or START_UP_LIMIT_MS after load, at an idle moment. A first install downloads
 * and stores every file of the app (~95 files, 1.5 MB) on the worker's thread, the browser's and the network's;
 * registered at mount, that ran beside the page's own start-up and took a phone's few cores from it. On this 2-core
 * machine a cold /shop's main thread then had about a third of the CPU during its long tasks (Lighthouse mobile TBT,
 * 5 runs: median 34 ms with the install at mount, 7 ms without it).
 */
import type { StoreApi } from 'zustand'
import { shellLiveStore, type ShellLiveState } from '../live/shell-state'

/** The longest the worker waits for the first sync once the page has loaded (offline, or a server that fails). */
export const START_UP_LIMIT_MS = 10_000
/** The longest it then waits for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000

export interface AfterStartUpOptions {
  store?: StoreApi<ShellLiveState>
  win?: Window
}

/** Runs `run` once the page's start-up is over (above). Returns a cancel. */
export function afterStartUp(
  run: () => void,
  { store = shellLiveStore, win = window }: AfterStartUpOptions = {},
): () => void {
  let done = false
  let unsubscribe = () => {}
  let limit: ReturnType<typeof setTimeout> | undefined
  let idle: (() => void) | undefined

  const go = () => {
    if (done) return
    done = true
    unsubscribe()
    clearTimeout(limit)
    if (typeof win.requestIdleCallback === 'function') {
      const id = win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
      idle = () => win.cancelIdleCallback(id)
    } else {
      const id = setTimeout(run, 0)
      idle = () => clearTimeout(id)
    }
  }
  const synced = (s: ShellLiveState) => s.sync.lastSyncAt !== null
  const loaded = () => {
    if (synced(store.getState())) return go()
    unsubscribe = store.subscribe((s) => {
      if (synced(s)) go()
    })
    limit = setTimeout(go, START_UP_LIMIT_MS)
  }

  if (win.document.readyState === 'complete') loaded()
  else win.addEventListener('load', loaded, { once: true })
  return () => {
    win.removeEventListener('load', loaded)
    unsubscribe()
    clearTimeout(limit)
    idle?.()
    done = true
  }
}
