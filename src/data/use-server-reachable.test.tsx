// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getAppSync } from '@/sync/app-sync'
import { useServerReachable } from './use-server-reachable'

describe('useServerReachable', () => {
  it("follows the engine's contact with the server, not only the browser's flag", () => {
    const status = getAppSync().status
    act(() => status.setState({ online: true }))
    const { result } = renderHook(() => useServerReachable())
    expect(result.current).toBe(true)
    // The engine lost the server (a request failed on the network) while the browser still says online.
    act(() => status.setState({ online: false }))
    expect(navigator.onLine).toBe(true)
    expect(result.current).toBe(false)
    act(() => status.setState({ online: true }))
    expect(result.current).toBe(true)
  })
})
