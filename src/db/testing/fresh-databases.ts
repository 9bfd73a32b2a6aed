/**
 * Test helper: fresh databases for one test file, each closed and deleted after the test that opened it.
 * Call at the top level of a test file: `const fresh = freshDatabases('push')`, then `fresh()` in a test.
 */
import { afterEach } from 'vitest'
import { KreisDatabase } from '../database'

export function freshDatabases(prefix: string): () => KreisDatabase {
  const open: KreisDatabase[] = []
  afterEach(async () => {
    for (const db of open.splice(0)) {
      db.close()
      await db.delete()
    }
  })
  return () => {
    const db = new KreisDatabase(`${prefix}-${Math.random()}`)
    open.push(db)
    return db
  }
}
