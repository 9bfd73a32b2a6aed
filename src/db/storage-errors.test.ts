import { describe, expect, it } from 'vitest'
import Dexie from 'dexie'
import { requestPersistenceOnce, resetPersistenceRequest, storageProblemOf } from './storage-errors'

describe('storage problems are recognised by name', () => {
  it('a full disk is quota-exceeded, also when Chrome wraps it in an AbortError', () => {
    expect(storageProblemOf(new Dexie.QuotaExceededError('full'))).toBe('quota-exceeded')
    expect(storageProblemOf(new Dexie.AbortError('aborted', new DOMException('full', 'QuotaExceededError')))).toBe(
      'quota-exceeded',
    )
  })
  it('a closed or broken connection is connection-lost', () => {
    expect(storageProblemOf(new Dexie.DatabaseClosedError())).toBe('connection-lost')
    expect(storageProblemOf(new DOMException('gone', 'UnknownError'))).toBe('connection-lost')
  })
  it('anything else is not a storage problem', () => {
    expect(storageProblemOf(new Error('boom'))).toBeNull()
    expect(storageProblemOf(new Dexie.ConstraintError('dup'))).toBeNull()
  })
})

describe('persistent storage', () => {
  it('is requested once, after the first local write', async () => {
    resetPersistenceRequest()
    let calls = 0
    const storage = { persist: async () => (calls++, true) } as unknown as StorageManager
    expect(await requestPersistenceOnce(storage)).toBe(true)
    expect(await requestPersistenceOnce(storage)).toBeNull()
    expect(calls).toBe(1)
  })
})
