// @vitest-environment happy-dom
// docs/product.md#R-language-profile on the device: a member's choice becomes a queued profile edit, and the device
// follows the profile's language once no edit of the profile waits.
import 'fake-indexeddb/auto'
import { cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import type { MyProfileRow } from '@/db/rows'
import { chooseLanguage, unsavedChoice } from '@/i18n/language-choice'
import { LOCALE_STORAGE_KEY } from '@/i18n/locales'
import { sessionStore } from '@/sync/signed-in-user'
import { languageOfProfile, ProfileLanguage } from './profile-language'

let db: KreisDatabase
const USER = 'u-lea'
const profile = (over: Partial<MyProfileRow> = {}): MyProfileRow =>
  ({
    id: USER,
    first_name: 'Lea',
    last_name: 'Meier',
    location: 'Basel',
    profile_picture_url: null,
    email: 'lea@demo.kreis.ch',
    subscription_status: null,
    subscription_start_date: null,
    last_payment_date: null,
    language: null,
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
    sync_state: 'synced',
    ...over,
  }) as MyProfileRow
const mount = (reload: () => void) =>
  render(
    <DatabaseProvider db={db}>
      <ProfileLanguage reload={reload} now={() => Date.parse('2026-11-27T12:00:00Z')} />
    </DatabaseProvider>,
  )

beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  localStorage.setItem(LOCALE_STORAGE_KEY, 'de-CH')
  sessionStore.setState({ status: 'signed-in', userId: USER, email: 'lea@demo.kreis.ch' }, true)
})
afterEach(async () => {
  cleanup()
  localStorage.clear()
  sessionStore.setState({ status: 'signed-out' }, true)
  db.close()
  await db.delete()
})

describe('a member choosing a language', () => {
  it('queues an edit of the language alone and shows it in the mirror, before the page starts again', async () => {
    await db.my_profile.put(profile({ language: 'de-CH' }))
    const reload = vi.fn()
    mount(reload)
    await chooseLanguage('it-CH', reload)
    expect(reload).toHaveBeenCalledTimes(1)
    const [entry] = await db.outbox.toArray()
    expect(entry!.group).toBe(`profile:${USER}`)
    expect(entry!.op).toEqual({
      kind: 'profile.update',
      profile: { id: USER, language: 'it-CH', edited_at: '2026-11-27T12:00:00.000Z' },
    })
    expect(await db.my_profile.get(USER)).toMatchObject({ language: 'it-CH', first_name: 'Lea', sync_state: 'pending' })
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('it-CH')
  })

  it('signed out, keeps nothing beyond the device', async () => {
    sessionStore.setState({ status: 'signed-out' }, true)
    mount(() => {})
    await chooseLanguage('fr-CH', () => {})
    expect(await db.outbox.count()).toBe(0)
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr-CH')
  })
})

describe('a choice made before the member signed in', () => {
  it('is written into the profile when the data layer starts, and the older profile language does not take it back', async () => {
    await db.my_profile.put(profile({ language: 'de-CH' }))
    sessionStore.setState({ status: 'signed-out' }, true)
    await chooseLanguage('fr-CH', () => {})
    sessionStore.setState({ status: 'signed-in', userId: USER, email: 'lea@demo.kreis.ch' }, true)
    const reload = vi.fn()
    mount(reload)
    await waitFor(async () => expect(await db.outbox.count()).toBe(1))
    const [entry] = await db.outbox.toArray()
    expect(entry!.op).toMatchObject({ kind: 'profile.update', profile: { id: USER, language: 'fr-CH' } })
    await waitFor(() => expect(unsavedChoice()).toBeNull())
    expect(await languageOfProfile(db, USER)).toBeNull()
    expect(reload).not.toHaveBeenCalled()
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr-CH')
  })
})

describe("the device following its member's language", () => {
  it('switches when a pulled profile names another language', async () => {
    const reload = vi.fn()
    mount(reload)
    await db.my_profile.put(profile({ language: 'fr-CH' }))
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr-CH')
  })

  it('stays while an edit of the profile waits to be sent, and for a profile without a language', async () => {
    await db.my_profile.put(profile({ language: null }))
    expect(await languageOfProfile(db, USER)).toBeNull()
    await db.my_profile.put(profile({ language: 'fr-CH' }))
    expect(await languageOfProfile(db, USER)).toBe('fr-CH')
    await db.outbox.add({
      group: `profile:${USER}`,
      op: { kind: 'profile.update', profile: { id: USER, first_name: 'Lea' } },
      queued_at: 1,
      state: 'queued',
      attempts: 0,
      not_before: 0,
    })
    expect(await languageOfProfile(db, USER)).toBeNull()
    await db.outbox.clear()
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr-CH')
    expect(await languageOfProfile(db, USER)).toBeNull()
  })
})
