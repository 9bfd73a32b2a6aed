// @vitest-environment node
// A member's language across two devices through the real supabase-js against the local stack
// (docs/product.md#R-language-profile, migration 20261127120000): the choice is a profile edit through the outbox
// (offline too), merged with a names edit queued before it, the second device's mirror follows it on its next pull,
// and an older choice arriving last does not win (L1).
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setMyLanguage, updateMyProfile } from './kinds/profile-update'
import { startStack, stackDevice, type StackDevice, type StackHandle } from './testing/stack-devices'

/** The devices' edit times: in the past (never clamped) and one after the other, however fast the machine runs. */
let clock = Date.now() - 600_000
const tick = () => (clock += 1000)

let stack: StackHandle
let phone: StackDevice
let laptop: StackDevice

beforeAll(async () => {
  stack = await startStack()
  const user = await stack.newUser({ firstName: 'Chiara', lastName: 'Rossi' })
  phone = await stackDevice(stack, user)
  laptop = await stackDevice(stack, user)
  await phone.engine.sync('start')
  await laptop.engine.sync('start')
})

afterAll(async () => {
  await phone?.close()
  await laptop?.close()
  await stack?.stop()
})

const serverLanguage = async (d: StackDevice) => {
  const { data, error } = await d.client.from('my_profile').select('language, first_name').single()
  if (error) throw new Error(error.message)
  return data as { language: string | null; first_name: string | null }
}

describe("a member's language on two devices", () => {
  it('a choice made offline is sent when the network is back and the other device follows it on its next pull', async () => {
    expect((await laptop.db.my_profile.get(laptop.userId))?.language).toBeNull()
    phone.net.offline = true
    await setMyLanguage(phone.db, phone.userId, 'it-CH', tick())
    await phone.engine.sync('write')
    expect(await phone.db.outbox.count()).toBe(1)
    expect((await phone.db.my_profile.get(phone.userId))?.language).toBe('it-CH')
    expect((await serverLanguage(laptop)).language).toBeNull()

    phone.net.offline = false
    expect((await phone.engine.sync('online')).push).toMatchObject({ outcome: 'drained', failed: 0 })
    expect(await phone.db.outbox.count()).toBe(0)
    expect(await phone.db.my_profile.get(phone.userId)).toMatchObject({ language: 'it-CH', sync_state: 'synced' })
    expect(await serverLanguage(laptop)).toEqual({ language: 'it-CH', first_name: 'Chiara' })

    await laptop.engine.sync('timer')
    expect(await laptop.db.my_profile.get(laptop.userId)).toMatchObject({ language: 'it-CH', sync_state: 'synced' })
  })

  it('a names edit and a language choice queued one after the other both arrive', async () => {
    laptop.net.offline = true
    await updateMyProfile(
      laptop.db,
      laptop.userId,
      { first_name: 'Kiara', last_name: 'Rossi', location: 'Lugano' },
      tick(),
    )
    await setMyLanguage(laptop.db, laptop.userId, 'fr-CH', tick())
    laptop.net.offline = false
    await laptop.engine.sync('online')
    expect(await serverLanguage(phone)).toEqual({ language: 'fr-CH', first_name: 'Kiara' })
    await phone.engine.sync('timer')
    expect(await phone.db.my_profile.get(phone.userId)).toMatchObject({
      language: 'fr-CH',
      first_name: 'Kiara',
      location: 'Lugano',
    })
  })

  it('the last choice wins by edit time: an older choice arriving last changes nothing, and its device follows the winner', async () => {
    phone.net.offline = true
    await setMyLanguage(phone.db, phone.userId, 'de-CH', tick())
    await phone.engine.sync('write')
    await setMyLanguage(laptop.db, laptop.userId, 'en', tick())
    await laptop.engine.sync('write')
    expect((await serverLanguage(laptop)).language).toBe('en')

    phone.net.offline = false
    await phone.engine.sync('online')
    expect((await serverLanguage(phone)).language).toBe('en')
    expect(await phone.db.my_profile.get(phone.userId)).toMatchObject({ language: 'en', sync_state: 'synced' })
    expect(await phone.db.outbox.count()).toBe(0)
  })
})
