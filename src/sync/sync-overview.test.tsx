// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getAppSync } from './app-sync'
import { failureKind, useSyncOverview } from './sync-overview'

describe('useSyncOverview', () => {
  it('shows the status store with each failure’s kind, and follows its changes', () => {
    const { result } = renderHook(() => useSyncOverview())
    expect(result.current).toMatchObject({ pendingCount: 0, failures: [], needsSignIn: false, storageProblem: null })
    act(() => {
      getAppSync().status.setState({
        pendingCount: 2,
        oldestPendingAt: 5,
        lastSyncAt: 9,
        failures: [{ group: 'listing:l1', message: 'Failed to create listing' }],
      })
    })
    expect(result.current).toMatchObject({
      pendingCount: 2,
      oldestPendingAt: 5,
      lastSyncAt: 9,
      failures: [{ group: 'listing:l1', message: 'Failed to create listing', kind: 'listing' }],
    })
  })

  it('names the kind of every group', () => {
    expect(['listing:a', 'conversation:b', 'profile:c', 'favourite:d'].map((g) => failureKind(g as never))).toEqual([
      'listing',
      'conversation',
      'profile',
      'favourite',
    ])
  })
})
