// The memory server's favourites signal, as migration 20261127141500 and the local stack's realtime send it
// (src/sync/favourites-live.integration.ts on the real stack): a favourite set or cleared tells that user's devices,
// nobody else's, without a row; an edit that changes nothing (stale, or the state already held) tells no one.
import { describe, expect, it } from 'vitest'
import type { RealtimeChange } from '../protocol'
import { MemoryServer } from './memory-server'
import { MemoryTransport } from './memory-transport'
import { createRng } from './prng'

const T1 = '2025-06-01T00:00:01.000Z'
const T2 = '2025-06-01T00:00:02.000Z'

function device(server: MemoryServer, userId: string) {
  const transport = new MemoryTransport(server, userId, createRng(1))
  const heard: RealtimeChange[] = []
  transport.subscribe({ onChange: (c) => heard.push(c), onStatus: () => {} })
  return {
    transport,
    heard: () => {
      transport.flushRealtime(true)
      return heard.splice(0)
    },
  }
}

describe('the favourites signal of the memory server', () => {
  it('reaches the user’s own devices when the set changes, and no one for a stale or idle edit', async () => {
    const server = new MemoryServer()
    server.addUser('ann', 'Ann', 'A')
    server.addUser('bob', 'Bob', 'B')
    const phone = device(server, 'ann')
    const laptop = device(server, 'ann')
    const stranger = device(server, 'bob')

    expect((await phone.transport.setFavorite('ann', 'l1', true, T2, T2)).ok).toBe(true)
    expect(phone.heard()).toEqual([{ table: 'favorites' }])
    expect(laptop.heard()).toEqual([{ table: 'favorites' }])
    expect(stranger.heard()).toEqual([])

    // An older clear arriving later is stale: the favourite stays, nothing is signalled.
    await laptop.transport.setFavorite('ann', 'l1', false, T1, T1)
    // The state already held: no row inserted, no signal.
    await laptop.transport.setFavorite('ann', 'l1', true, T2, T2)
    expect(phone.heard()).toEqual([])
    expect(laptop.heard()).toEqual([])

    await phone.transport.setFavorite('ann', 'l1', false, T2, '2025-06-01T00:00:03.000Z')
    expect(laptop.heard()).toEqual([{ table: 'favorites' }])
    expect(stranger.heard()).toEqual([])
  })
})
