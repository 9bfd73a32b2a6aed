// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionStore, useSession } from './signed-in-user'

describe('useSession', () => {
  it('selects from the session store and follows its changes', () => {
    const { result } = renderHook(() => useSession((s) => (s.status === 'signed-in' ? s.userId : s.status)))
    expect(result.current).toBe('loading')
    act(() => sessionStore.setState({ status: 'signed-in', userId: 'user-a', email: null }, true))
    expect(result.current).toBe('user-a')
    act(() => sessionStore.setState({ status: 'signed-out' }, true))
    expect(result.current).toBe('signed-out')
  })
})
