// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useNow } from './use-now'

describe('useNow', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }))
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('moves on every given interval, not before', () => {
    const { result } = renderHook(() => useNow(30_000))
    expect(result.current).toBe(1_000_000)
    act(() => {
      vi.advanceTimersByTime(29_999)
    })
    expect(result.current).toBe(1_000_000)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(result.current).toBe(1_030_000)
  })

  it('stops its timer when the screen unmounts', () => {
    const { unmount } = renderHook(() => useNow())
    expect(vi.getTimerCount()).toBe(1)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
