// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  chooseLanguage,
  choiceSaved,
  followLanguage,
  languageToFollow,
  setLanguageKeeper,
  unsavedChoice,
} from './language-choice'
import { LOCALE_STORAGE_KEY, type DeviceLocale } from './locales'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('docs/product.md#R-language-profile which language a device follows', () => {
  it.each<[string, unknown, DeviceLocale | null, string | null]>([
    ['the profile names another language', 'fr-CH', 'de-CH', 'fr-CH'],
    ['the device keeps nothing yet', 'it-CH', null, 'it-CH'],
    ['the profile names the device language', 'de-CH', 'de-CH', null],
    ['the profile has no language', null, 'de-CH', null],
    ['a row from before the column', undefined, 'fr-CH', null],
    ['an unknown code', 'de', 'en', null],
    ['the device is in the pseudo-locale', 'fr-CH', 'en-XA', null],
  ])('%s', (_, profile, kept, expected) => {
    expect(languageToFollow(profile, kept)).toBe(expected)
  })
})

describe('choosing a language', () => {
  it('keeps it on the device and reloads, with no member signed in', async () => {
    const reload = vi.fn()
    await chooseLanguage('it-CH', reload)
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('it-CH')
    expect(reload).toHaveBeenCalledTimes(1)
    // No keeper: the choice waits for a member's profile.
    expect(unsavedChoice()).toBe('it-CH')
    choiceSaved()
    expect(unsavedChoice()).toBeNull()
  })

  it('waits for the keeper; a keeper that fails still leaves the device in the new language', async () => {
    const order: string[] = []
    const remove = setLanguageKeeper(async (locale) => {
      order.push(`keep ${locale}`)
      throw new Error('quota')
    })
    await chooseLanguage('fr-CH', () => order.push('reload'))
    expect(order).toEqual(['keep fr-CH', 'reload'])
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr-CH')
    expect(unsavedChoice()).toBeNull()
    remove()
    await chooseLanguage('de-CH', () => order.push('reload'))
    expect(order).toEqual(['keep fr-CH', 'reload', 'reload'])
  })

  it('removing an old keeper leaves a newer one in place', async () => {
    const first = vi.fn(async () => {})
    const second = vi.fn(async () => {})
    const removeFirst = setLanguageKeeper(first)
    const removeSecond = setLanguageKeeper(second)
    removeFirst()
    await chooseLanguage('en', () => {})
    expect(first).not.toHaveBeenCalled()
    expect(second).toHaveBeenCalledWith('en')
    removeSecond()
  })
})

describe('following a language', () => {
  it('keeps it and reloads', () => {
    const reload = vi.fn()
    followLanguage('fr-CH', reload)
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr-CH')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('does not reload a device that cannot keep it (it would start again in the same language, for ever)', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    })
    const reload = vi.fn()
    followLanguage('fr-CH', reload)
    expect(reload).not.toHaveBeenCalled()
  })
})
