/**
 * A device whose disk fills up: a DBCore middleware on a test database that fails one chosen write (the next
 * addition to the outbox, which only a person's local write makes) the way a browser does when the origin's
 * quota is used up, with a QuotaExceededError. The transaction it belongs to aborts, so nothing of that local
 * write may remain (its rows written before the outbox entry included).
 */
import type { DBCore, DBCoreMutateRequest, DBCoreMutateResponse, DBCoreTable } from 'dexie'
import type { KreisDatabase } from '@/db/database'

export class StorageFull {
  private armed = false

  constructor(db: KreisDatabase) {
    db.use({
      stack: 'dbcore',
      name: 'storage-full',
      create: (down: DBCore): DBCore => ({
        ...down,
        table: (name: string): DBCoreTable => {
          const table = down.table(name)
          return {
            ...table,
            mutate: (req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> => {
              if (this.armed && name === 'outbox' && req.type === 'add') {
                this.armed = false
                return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
              }
              return table.mutate(req)
            },
          }
        },
      }),
    })
  }

  /** The next local write fails as on a full disk. */
  failNextWrite(): void {
    this.armed = true
  }

  /** No write fails any more (the person freed some space). */
  clear(): void {
    this.armed = false
  }
}
