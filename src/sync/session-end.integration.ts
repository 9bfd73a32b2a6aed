// @vitest-environment node
/**
 * A session ended anywhere but this device's Sign Out, through the real supabase-js against the local stack: the
 * user signs out everywhere from another device; when this device next refreshes its token, the server refuses it,
 * the transport drops the session locally, and the device's private rows go while its unsent write is put aside for its
 * owner (session.ts endSession).
 */
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveListing, type ListingFields } from './kinds/listing-save'
import { writesWaitingForOtherAccounts } from './outbox'
import { adoptOwner, applyAuthUser } from './signed-in-user'
import { startStack, stackDevice, type StackDevice, type StackHandle } from './testing/stack-devices'

let stack: StackHandle
let phone: StackDevice
let laptop: StackDevice

beforeAll(async () => {
  stack = await startStack()
  const user = await stack.newUser({ firstName: 'Sina', lastName: 'Shared' })
  phone = await stackDevice(stack, user)
  laptop = await stackDevice(stack, user)
})

afterAll(async () => {
  await phone?.close()
  await laptop?.close()
  await stack?.stop()
})

const fields: ListingFields = {
  title: 'Linen shirt',
  description: 'A linen shirt, worn twice.',
  price: 25,
  condition: 'very_good',
  category: 'men',
  product_type: null,
  brand: null,
  size: 'L',
  fabric: 'linen',
  location: 'Basel',
  tags: null,
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('sign out everywhere from another device', () => {
  it('clears the private rows of this device once it learns, and keeps its unsent write aside for its owner', async () => {
    const { db, client, userId } = phone
    client.auth.onAuthStateChange((_event, session) => {
      void applyAuthUser(db, session ? { userId: session.user.id, email: session.user.email ?? null } : null)
    })
    await adoptOwner(db, userId)
    // What the device holds of the user: their profile with e-mail and a pulled page, and an unsent listing.
    await phone.engine.sync('start')
    expect(await db.my_profile.count()).toBe(1)
    phone.net.offline = true
    await saveListing(db, userId, { fields, images: [] }, Date.now())
    phone.net.offline = false

    const { error } = await laptop.client.auth.signOut({ scope: 'global' })
    expect(error).toBeNull()
    // The phone's next refresh (the sync engine's, through the transport) is refused: the session has ended, although
    // its access token has not expired yet.
    await phone.engine.stop()
    expect(await phone.transport.refreshSession()).toMatchObject({ ok: false, reason: 'unauthorized' })

    await until(async () => (await db.meta.get('owner'))?.value === null, 'the device to learn the session ended')
    expect([
      await db.my_profile.count(),
      await db.listings.count(),
      await db.conversations.count(),
      await db.messages.count(),
    ]).toEqual([0, 0, 0, 0])
    expect(await db.outbox.count()).toBe(0)
    expect(await writesWaitingForOtherAccounts(db)).toBe(1)
    // Its owner signing in again gets the write back.
    await adoptOwner(db, userId)
    expect(await db.outbox.count()).toBe(1)
  })
})
