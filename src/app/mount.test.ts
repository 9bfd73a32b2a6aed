// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { getDatabase } from '@/db/database'
import { openDatabaseEarly } from './mount'

afterEach(() => getDatabase().close())

describe('a cold page whose first screen index.html asked for', () => {
  it('opens the device’s database before its screen asks for anything, in a later task', async () => {
    const db = getDatabase()
    let taskPassed = false
    setTimeout(() => (taskPassed = true), 0)
    const opened = openDatabaseEarly(true)
    expect(db.isOpen()).toBe(false)
    await opened
    expect(taskPassed).toBe(true)
    expect(db.isOpen()).toBe(true)
  })

  it('leaves it closed on a page without that request (the data layer opens it there)', async () => {
    await openDatabaseEarly(false)
    expect(getDatabase().isOpen()).toBe(false)
  })
})
