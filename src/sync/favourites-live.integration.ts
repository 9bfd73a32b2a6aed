// @vitest-environment node
// A favourite set on one device reaches the user's other open device at once, by the private signal of the user's
// topic (docs/product.md#R-favourites-live), not at its next periodic pull; another user's device hears nothing.
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { favouriteIds } from '@/db/repositories/favourites'
import { userTopic } from '@/remote/transport/realtime'
import { SYNC_INTERVAL_MS } from './constants'
import { toggleFavourite } from './kinds/favourite-set'
import { saveListing } from './kinds/listing-save'
import type { RealtimeChange } from './protocol'
import { startStack, stackDevice, type StackDevice, type StackHandle } from './testing/stack-devices'

let stack: StackHandle
const devices: StackDevice[] = []

/** Waits for a condition, well within the periodic pull's interval (so the pull cannot be what met it). */
async function until(cond: () => Promise<boolean> | boolean, what: string, withinMs = SYNC_INTERVAL_MS / 2) {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline;) {
    if (await cond()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** A device whose engine leads (realtime and timers on), recording the favourites signals it hears. */
async function liveDevice(user: { id: string; email: string; password: string }) {
  const d = await stackDevice(stack, user)
  devices.push(d)
  const signals: RealtimeChange[] = []
  const onChange = d.engine.onRealtimeChange.bind(d.engine)
  d.engine.onRealtimeChange = (c) => {
    if (c.table === 'favorites') signals.push(c)
    return onChange(c)
  }
  d.engine.start()
  const joined = () =>
    (d.client.getChannels() as unknown as { topic: string; state: string }[]).some(
      (c) => c.topic === `realtime:${userTopic(user.id)}` && c.state === 'joined',
    )
  await until(
    () => d.engine.status.getState().lastSyncAt !== null && joined(),
    'the device’s first sync and its private channel',
  )
  return { ...d, signals }
}

beforeAll(async () => {
  stack = await startStack()
})

afterAll(async () => {
  for (const d of devices) await d.close()
  await stack?.stop()
})

describe('favourites on the user’s other devices', () => {
  it('arrive on the other open device by the private signal; a third user’s device hears nothing', async () => {
    const sellerUser = await stack.newUser({ firstName: 'Sina', lastName: 'Seller' })
    const buyerUser = await stack.newUser({ firstName: 'Bea', lastName: 'Buyer' })
    const otherUser = await stack.newUser({ firstName: 'Olga', lastName: 'Other' })
    const seller = await stackDevice(stack, sellerUser)
    devices.push(seller)
    const fields = {
      description: 'Soft wool, worn twice',
      price: 60,
      condition: 'very_good',
      category: 'women',
      product_type: 'coat',
      brand: null,
      size: 'M',
      fabric: 'wool',
      location: 'Bern',
      tags: null,
    } as const
    const coat = await saveListing(
      seller.db,
      seller.userId,
      { fields: { ...fields, title: 'Wool coat' }, images: [] },
      Date.now() - 60_000,
    )
    const scarf = await saveListing(
      seller.db,
      seller.userId,
      { fields: { ...fields, title: 'Wool scarf' }, images: [] },
      Date.now() - 60_000,
    )
    await seller.engine.sync('write')

    const phone = await stackDevice(stack, buyerUser)
    devices.push(phone)
    const laptop = await liveDevice(buyerUser)
    const stranger = await liveDevice(otherUser)

    // Set on the phone: the laptop has it, without a pull of its own in between but the one the signal asked for.
    await toggleFavourite(phone.db, buyerUser.id, coat, Date.now())
    expect((await phone.engine.sync('write')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    await until(async () => (await favouriteIds(laptop.db)).includes(coat), 'the favourite on the laptop')
    expect(laptop.signals.length).toBeGreaterThan(0)
    // Its listing comes with it (the favourites page shows its card).
    await until(
      async () => (await laptop.db.listings.get(coat))?.title === 'Wool coat',
      'the favourite’s listing on the laptop',
    )

    // Cleared on the phone: gone from the laptop too.
    await toggleFavourite(phone.db, buyerUser.id, coat, Date.now())
    await phone.engine.sync('write')
    await until(async () => (await favouriteIds(laptop.db)).length === 0, 'the cleared favourite gone from the laptop')

    // The stranger's own favourite is the marker: its channel delivers in commit order, so a signal of the buyer's
    // would have come first.
    await toggleFavourite(stranger.db, otherUser.id, scarf, Date.now())
    await stranger.engine.sync('write')
    await until(() => stranger.signals.length > 0, 'the stranger’s own signal')
    expect(stranger.signals).toEqual([{ table: 'favorites' }])
    expect(await favouriteIds(stranger.db)).toEqual([scarf])
  }, 120_000)
})
