/**
 * One syncing tab (docs/architecture.md §1 rule 6): the tab holding the Web Lock LEADER_LOCK_NAME runs the engine; the lock
 * passes to another tab when the leader closes. Without the Web Locks API every tab leads (idempotent writes keep
 * that correct, only less efficient).
 */
import { LEADER_LOCK_NAME } from './constants'

export interface Leadership {
  /** Gives up leadership (or stops waiting for it). */
  release(): void
}

/** @param locks the Web Locks API; `null` (or none in this browser): this tab leads alone. */
export function electLeader(
  onLeader: () => void,
  locks: LockManager | null | undefined = globalThis.navigator?.locks,
  name = LEADER_LOCK_NAME,
): Leadership {
  if (!locks) {
    onLeader()
    return { release() {} }
  }
  const controller = new AbortController()
  let releaseHeld: (() => void) | null = null
  locks
    .request(name, { mode: 'exclusive', signal: controller.signal }, () => {
      onLeader()
      return new Promise<void>((resolve) => (releaseHeld = resolve))
    })
    .catch((e: unknown) => {
      if ((e as { name?: string }).name !== 'AbortError') throw e
    })
  return {
    release() {
      if (releaseHeld) releaseHeld()
      else controller.abort()
    },
  }
}
