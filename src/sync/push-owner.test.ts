// @vitest-environment node
// docs/decisions.md#D-drain-owner: an account switch during a drain puts the first account's writes aside, and the
// drain sends none of them afterwards, even those it had already read.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { toggleFavourite } from './kinds/favourite-set'
import { updateMyProfile } from './kinds/profile-update'
import { drainOutbox } from './push'
import { adoptOwner } from './signed-in-user'
import type { Transport } from './protocol'
import { MemoryServer } from './testing/memory-server'
import { MemoryTransport } from './testing/memory-transport'
import { VirtualClock } from './testing/harness'
import { listingWrite } from './testing/listing-write'
import { createRng } from './testing/prng'

const ANNA = '00000000-0000-4000-8000-000000000001'
const NOAH = '00000000-0000-4000-8000-000000000004'
const COAT = '00000000-0000-4000-8000-0000000000c1'
const T0 = Date.parse('2026-06-01T10:00:00.000Z')

let db: KreisDatabase
let server: MemoryServer
beforeEach(() => {
  db = new KreisDatabase(`push-owner-${Math.random()}`)
  server = new MemoryServer()
  server.addUser(ANNA, 'Anna', 'Müller')
  server.addUser(NOAH, 'Noah', 'Keller')
  server.upsertListings(NOAH, [listingWrite(NOAH, COAT)])
})
afterEach(async () => {
  db.close()
  await db.delete()
})

/** Anna's transport, which records its calls and runs `during` inside the first profile request. */
function annasTransport(during: () => Promise<unknown>): { transport: Transport; calls: string[] } {
  const inner = new MemoryTransport(server, ANNA, createRng(3))
  const calls: string[] = []
  let first = true
  const transport = new Proxy(inner, {
    get(target, prop: string) {
      const value = (target as unknown as Record<string, unknown>)[prop]
      if (typeof value !== 'function') return value
      return async (...args: unknown[]) => {
        calls.push(prop)
        if (prop === 'updateProfile' && first) {
          first = false
          await during()
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { transport, calls }
}

it('a switch to another account mid-drain leaves the writes the drain had read aside, and they go with their owner', async () => {
  await adoptOwner(db, ANNA)
  await updateMyProfile(db, ANNA, { first_name: 'Anna', last_name: 'Meier', location: 'Bern' }, T0)
  await toggleFavourite(db, ANNA, COAT, T0)
  const clock = new VirtualClock(T0, createRng(3))

  // The profile edit is on its way when Anna signs out and Noah signs in on this device.
  const switched = annasTransport(() => adoptOwner(db, NOAH))
  await drainOutbox({ db, transport: switched.transport, clock })
  expect(switched.calls).toContain('updateProfile')
  expect(switched.calls).not.toContain('setFavorite')
  expect([...server.favourites.values()]).toEqual([])
  expect(await db.outbox.count()).toBe(0)

  // Back as Anna, her favourite comes back from where it was put aside and is sent with her token.
  await adoptOwner(db, ANNA)
  const back = annasTransport(async () => {})
  await drainOutbox({ db, transport: back.transport, clock })
  expect(back.calls).toContain('setFavorite')
  expect([...server.favourites.values()].map((f) => [f.user_id, f.listing_id])).toEqual([[ANNA, COAT]])
  expect(await db.outbox.count()).toBe(0)
})
