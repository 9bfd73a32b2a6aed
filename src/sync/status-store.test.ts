import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSyncStatusStore, patchSyncStatus, type SyncStatus } from './status-store'

const failure = (id: string, message = 'Refused') => ({ group: `listing:${id}` as const, message })

describe('patchSyncStatus', () => {
  it.each<[string, Partial<SyncStatus>, Partial<SyncStatus>, boolean]>([
    ['same counts', { pendingCount: 2 }, { pendingCount: 2 }, false],
    ['a count changes', { pendingCount: 2 }, { pendingCount: 3 }, true],
    [
      'the same photo progress, a new object',
      { photos: { uploaded: 1, total: 3 } },
      { photos: { uploaded: 1, total: 3 } },
      false,
    ],
    ['photo progress moves', { photos: { uploaded: 1, total: 3 } }, { photos: { uploaded: 2, total: 3 } }, true],
    ['equal failures in a new array', { failures: [failure('a')] }, { failures: [failure('a')] }, false],
    ['a failure is added', { failures: [failure('a')] }, { failures: [failure('a'), failure('b')] }, true],
    ['a failure message changes', { failures: [failure('a')] }, { failures: [failure('a', 'Gone')] }, true],
    ['a failure group changes', { failures: [failure('a')] }, { failures: [failure('b')] }, true],
    [
      'the second of two failures changes',
      { failures: [failure('a'), failure('b')] },
      { failures: [failure('a'), failure('c')] },
      true,
    ],
    ['failures go away', { failures: [failure('a')] }, { failures: [] }, true],
  ])('%s → notifies: %s', (_name, first, second, notifies) => {
    const store = createSyncStatusStore(true)
    patchSyncStatus(store, first)
    const before = store.getState()
    const listener = vi.fn()
    store.subscribe(listener)
    patchSyncStatus(store, second)
    expect(listener).toHaveBeenCalledTimes(notifies ? 1 : 0)
    if (!notifies) expect(store.getState()).toBe(before)
    else expect(store.getState()).toMatchObject(second)
  })

  it('keeps the old failures array, so a selector of failures sees no change', () => {
    const store = createSyncStatusStore(true)
    patchSyncStatus(store, { failures: [failure('a')], pendingCount: 1 })
    const failures = store.getState().failures
    patchSyncStatus(store, { failures: [failure('a')], pendingCount: 2 })
    expect(store.getState().pendingCount).toBe(2)
    expect(store.getState().failures).toBe(failures)
  })
})

describe('createSyncStatusStore', () => {
  afterEach(() => vi.unstubAllGlobals())
  it.each<[string, unknown, boolean]>([
    ['no navigator (node, a worker)', undefined, true],
    ['the browser online', { onLine: true }, true],
    ['the browser offline', { onLine: false }, false],
  ])('%s → online %s', (_name, navigator, online) => {
    vi.stubGlobal('navigator', navigator)
    expect(createSyncStatusStore().getState().online).toBe(online)
  })
})
