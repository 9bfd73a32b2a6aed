import { describe, expect, it } from 'vitest'
import { LOCALE_PICKER, LOCALE_STORAGE_KEY, pickLocale } from './locales'

const TABLE: ReadonlyArray<readonly [readonly string[], string]> = [
  [['de'], 'de-CH'],
  [['de-CH'], 'de-CH'],
  [['de-DE'], 'de-CH'],
  [['de-AT'], 'de-CH'],
  [['gsw'], 'de-CH'],
  [['gsw-CH'], 'de-CH'],
  [['rm'], 'de-CH'],
  [['rm-CH', 'fr'], 'de-CH'],
  [['fr'], 'fr-CH'],
  [['fr-FR'], 'fr-CH'],
  [['fr-CA', 'de'], 'fr-CH'],
  [['it'], 'it-CH'],
  [['it-IT'], 'it-CH'],
  [['en-US'], 'en'],
  [['en-GB', 'de-CH'], 'en'],
  [['es-ES', 'it-CH'], 'it-CH'],
  [['pt-BR', 'ja'], 'en'],
  [['constructor'], 'en'],
  [['DE_ch'], 'de-CH'],
  [[], 'en'],
  [[''], 'en'],
]

describe('the language of a first visit, from the browser’s languages', () => {
  it.each(TABLE)('%j → %s', (languages, locale) => {
    expect(pickLocale(languages)).toBe(locale)
  })
})

/** Runs index.html's head script on a fake browser; returns <html lang> and what it kept. */
function runPicker(languages: readonly string[], kept: string | null) {
  const storage = new Map<string, string>(kept === null ? [] : [[LOCALE_STORAGE_KEY, kept]])
  const documentElement = { lang: 'en' }
  const localStorage = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
  }
  new Function('navigator', 'localStorage', 'document', LOCALE_PICKER)(
    { languages, language: languages[0] },
    localStorage,
    { documentElement },
  )
  return { lang: documentElement.lang, kept: storage.get(LOCALE_STORAGE_KEY) }
}

describe('index.html’s head script applies the same rule before the first paint', () => {
  it.each(TABLE)('%j → %s, kept on the device', (languages, locale) => {
    expect(runPicker(languages, null)).toEqual({ lang: locale, kept: locale })
  })

  it.each([
    ['it-CH', 'it-CH'],
    ['en-XA', 'en-XA'],
    ['xx', 'de-CH'],
  ])('a kept %s wins over the browser (German): %s', (kept, lang) => {
    expect(runPicker(['de-CH'], kept).lang).toBe(lang)
  })
})
