// @vitest-environment node
// electLeader (E1) against a recording LockManager: what it asks the Web Locks API for, and giving up before and
// after leading.
import { describe, expect, it, vi } from 'vitest'
import { electLeader } from './leader'
import { MemoryLockManager } from './testing/memory-locks'

describe('electLeader', () => {
  it('asks for the exclusive lock kreis-sync-leader with an abort signal, and holds it until released', async () => {
    const asked: { name: string; options: LockOptions }[] = []
    const inner = new MemoryLockManager()
    const locks = {
      request: (name: string, options: LockOptions, cb: (l: Lock | null) => unknown) => {
        asked.push({ name, options })
        return inner.request(name, options, cb)
      },
    } as unknown as LockManager
    let led = 0
    const a = electLeader(() => void led++, locks)
    await vi.waitFor(() => expect(led).toBe(1), { timeout: 20_000, interval: 5 })
    expect(asked).toHaveLength(1)
    expect(asked[0]!.name).toBe('kreis-sync-leader')
    expect(asked[0]!.options.mode).toBe('exclusive')
    expect(asked[0]!.options.signal).toBeInstanceOf(AbortSignal)
    let second = 0
    const b = electLeader(() => void second++, locks)
    await new Promise((r) => setTimeout(r, 5))
    expect(second).toBe(0)
    a.release()
    await vi.waitFor(() => expect(second).toBe(1), { timeout: 20_000, interval: 5 })
    b.release()
  })

  it('giving up before leading stops waiting: it never leads, and nothing is thrown', async () => {
    const locks = new MemoryLockManager() as unknown as LockManager
    const first = electLeader(() => {}, locks)
    let led = false
    const waiting = electLeader(() => (led = true), locks)
    expect(() => waiting.release()).not.toThrow()
    first.release()
    await new Promise((r) => setTimeout(r, 10))
    expect(led).toBe(false)
  })
})
