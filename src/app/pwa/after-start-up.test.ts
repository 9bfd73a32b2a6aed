// @vitest-environment happy-dom
/**
 * The service worker registers once the page's start-up is over (./after-start-up): after load, once the first sync
 * reached the server or the limit passed, at an idle moment — never during the start-up it would compete with.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore, type StoreApi } from 'zustand'
import { initialShellLiveState, type ShellLiveState } from '../live/shell-state'
import { afterStartUp, START_UP_LIMIT_MS } from './after-start-up'

/** A window whose load has or has not happened, with an idle callback the test runs by hand. */
function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget()
  const idle: (() => void)[] = []
  const win = {
    document: { readyState },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    requestIdleCallback: (cb: () => void) => idle.push(cb),
    cancelIdleCallback: (id: number) => void (idle[id - 1] = () => {}),
  }
  return {
    win: win as unknown as Window,
    load: () => target.dispatchEvent(new Event('load')),
    runIdle: () => idle.splice(0).forEach((cb) => cb()),
  }
}

const synced = (store: StoreApi<ShellLiveState>) =>
  store.setState({ sync: { ...store.getState().sync, lastSyncAt: Date.now() } })

describe('afterStartUp', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('waits for the load event and the first sync, then for an idle moment', () => {
    const store = createStore(initialShellLiveState)
    const { win, load, runIdle } = fakeWindow('loading')
    const run = vi.fn()
    afterStartUp(run, { store, win })
    synced(store)
    runIdle()
    expect(run).not.toHaveBeenCalled() // synced, but the page is still loading
    load()
    runIdle()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('after load, the first sync decides; its later syncs do not run it again', () => {
    const store = createStore(initialShellLiveState)
    const { win, runIdle } = fakeWindow('complete')
    const run = vi.fn()
    afterStartUp(run, { store, win })
    vi.advanceTimersByTime(START_UP_LIMIT_MS - 1)
    runIdle()
    expect(run).not.toHaveBeenCalled()
    synced(store)
    runIdle()
    synced(store)
    runIdle()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('a sync that happened before load counts at load', () => {
    const store = createStore(initialShellLiveState)
    synced(store)
    const { win, load, runIdle } = fakeWindow('interactive')
    const run = vi.fn()
    afterStartUp(run, { store, win })
    load()
    runIdle()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('without a sync (offline, a failing server) it runs once the limit has passed after load', () => {
    const store = createStore(initialShellLiveState)
    const { win, runIdle } = fakeWindow('complete')
    const run = vi.fn()
    afterStartUp(run, { store, win })
    vi.advanceTimersByTime(START_UP_LIMIT_MS)
    runIdle()
    expect(run).toHaveBeenCalledTimes(1)
    synced(store)
    runIdle()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('cancelled (the prompts unmounted), it never runs', () => {
    const store = createStore(initialShellLiveState)
    const { win, load, runIdle } = fakeWindow('loading')
    const run = vi.fn()
    afterStartUp(run, { store, win })()
    load()
    synced(store)
    vi.advanceTimersByTime(START_UP_LIMIT_MS)
    runIdle()
    expect(run).not.toHaveBeenCalled()
  })
})
