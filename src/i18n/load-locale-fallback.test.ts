// @vitest-environment happy-dom
// A language whose chunk cannot load (offline before the service worker has it) leaves the app in English, which
// loads like any other language now: the app still mounts in words, never in bare keys.
import { describe, expect, it, vi } from 'vitest'
import { activeLocale, applyLocale, t, type Catalogue } from '.'
import { loadLocale } from './load-locale'

vi.mock('./fr-CH', () => {
  throw new Error('the French chunk did not load')
})

describe('a language that cannot load', () => {
  it('falls back to English, on the catalogue and on <html lang>', async () => {
    // As the app starts: no catalogue yet, a key reads as itself.
    applyLocale('en', {} as Catalogue, null)
    expect(t('shop.title')).toBe('shop.title')
    expect(await loadLocale('fr-CH')).toBe('en')
    expect([activeLocale(), t('shop.title'), document.documentElement.lang]).toEqual(['en', 'Marketplace Feed', 'en'])
  })
})
