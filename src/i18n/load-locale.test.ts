// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { activeLocale, interpolate, t } from '.'
import { loadLocale } from './load-locale'
import { longText } from './long-texts'
import { pseudoText } from './pseudo'

describe('loading a language', () => {
  afterEach(async () => {
    await loadLocale('en')
  })

  it.each([
    ['de-CH', 'Marktplatz', 'Zuletzt aktualisiert: 1.1.2026'],
    ['fr-CH', 'Le marché', 'Dernière mise à jour\u202f: 1.1.2026'],
    ['it-CH', 'Il mercato', 'Ultimo aggiornamento: 1.1.2026'],
  ] as const)('%s: its catalogue, its static pages, its plural rule and <html lang>', async (locale, shop, updated) => {
    expect(await loadLocale(locale)).toBe(locale)
    expect([
      activeLocale(),
      t('shop.title'),
      longText('pages.lastUpdated', { date: '1.1.2026' }),
      document.documentElement.lang,
    ]).toEqual([locale, shop, updated, locale])
  })

  it('plural forms follow the loaded language', async () => {
    const text = '{n, plural, one {# one} other {# other}}'
    expect(interpolate(text, { n: 0 })).toBe('0 other')
    await loadLocale('fr-CH')
    expect(interpolate(text, { n: 0 })).toBe('0 one')
  })

  it('English loads like the others and comes back', async () => {
    await loadLocale('it-CH')
    expect(await loadLocale('en')).toBe('en')
    expect([t('shop.title'), longText('pages.lastUpdated', { date: 'x' }), document.documentElement.lang]).toEqual([
      'Marketplace Feed',
      'Last updated: x',
      'en',
    ])
  })

  it('the pseudo-locale accents every text, keeps its parameters and formats as English', async () => {
    expect(await loadLocale('en-XA')).toBe('en-XA')
    expect(activeLocale()).toBe('en')
    expect(t('shop.page', { page: 3 })).toBe(pseudoText('Page {page}').replace('{page}', '3'))
    expect(t('shop.page', { page: 3 })).toMatch(/^\[Þàĝé 3 ẋ+\]$/)
    expect(document.documentElement.lang).toBe('en-XA')
  })
})
