/**
 * Every language has every key of the English catalogue, no other key, and the same parameters in each text; a
 * failure names the key. New English keys show up here until they are translated.
 */
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { staticPages as enStatic } from './en/static-pages'
import * as deCH from './de-CH'
import * as frCH from './fr-CH'
import * as itCH from './it-CH'
import { formatMessage, placeholderNames, pluralForms } from './message-format'

const LANGUAGES = [
  ['de-CH', deCH],
  ['fr-CH', frCH],
  ['it-CH', itCH],
] as const

type Texts = Readonly<Record<string, string>>

function differences(reference: Texts, translation: Texts) {
  const missing = Object.keys(reference).filter((k) => !(k in translation))
  const extra = Object.keys(translation).filter((k) => !(k in reference))
  const parameters = Object.keys(reference)
    .filter((k) => k in translation)
    .filter((k) => placeholderNames(reference[k]!).join() !== placeholderNames(translation[k]!).join())
    .map(
      (k) =>
        `${k}: {${placeholderNames(reference[k]!).join('}, {')}} vs {${placeholderNames(translation[k]!).join('}, {')}}`,
    )
  const empty = Object.keys(translation).filter((k) => translation[k]!.trim() === '')
  return { missing, extra, parameters, empty }
}

const none = { missing: [], extra: [], parameters: [], empty: [] }

describe.each(LANGUAGES)('%s', (_name, language) => {
  it('has every key of the catalogue, no other, with the same parameters', () => {
    expect(differences(en, language.catalogue)).toEqual(none)
  })

  it('has every key of the static pages, no other, with the same parameters', () => {
    expect(differences(enStatic, language.staticPages)).toEqual(none)
  })

  it('leaves no sentence in English', () => {
    const all = { ...language.catalogue, ...language.staticPages } as Texts
    const reference = { ...en, ...enStatic } as Texts
    const untranslated = Object.keys(reference).filter(
      (k) => all[k] === reference[k] && (reference[k]!.replace(/\{\w+\}/g, '').match(/\p{L}{2,}/gu) ?? []).length >= 3,
    )
    expect(untranslated).toEqual([])
  })

  it('offers "one" and "other" wherever it chooses by a count', () => {
    const all = { ...language.catalogue, ...language.staticPages } as Texts
    const incomplete = Object.entries(all).flatMap(([key, text]) =>
      placeholderNames(text)
        .filter(
          (name) =>
            pluralForms(text, name).length > 0 && !['one', 'other'].every((f) => pluralForms(text, name).includes(f)),
        )
        .map((name) => `${key}: ${name}`),
    )
    expect(incomplete).toEqual([])
  })
})

describe('Swiss spelling', () => {
  it('German writes "ss", never "ß"', () => {
    const all = { ...deCH.catalogue, ...deCH.staticPages } as Texts
    expect(Object.entries(all).filter(([, text]) => text.includes('ß'))).toEqual([])
  })

  it('French puts a narrow no-break space before ? ! : ; and inside « »', () => {
    const all = { ...frCH.catalogue, ...frCH.staticPages } as Texts
    const bare = Object.entries(all).filter(([, text]) =>
      /[^\u202f][?!;]|[^\u202f\d]:|«[^\u202f]|[^\u202f]»/u.test(
        text.replace(/\{\w+, plural,/g, '').replace(/\d:\d/g, ''),
      ),
    )
    expect(bare.map(([key]) => key)).toEqual([])
  })
})

describe('plural forms per language', () => {
  it.each([
    ['de-CH', deCH.catalogue['feed.itemCountMany'], 0, '0 Artikel'],
    ['de-CH', deCH.catalogue['syncState.daysAgo'], 1, 'vor 1 Tag'],
    ['de-CH', deCH.catalogue['syncState.daysAgo'], 2, 'vor 2 Tagen'],
    ['de-CH', deCH.catalogue['profile.trialDaysLeft'], 1, 'Noch 1 Tag in deinem Gratismonat'],
    ['de-CH', deCH.catalogue['feed.filterMatches'], 1200, /^1['’]200 passende Artikel$/],
    ['fr-CH', frCH.catalogue['feed.itemCountMany'], 0, '0 article'],
    ['fr-CH', frCH.catalogue['feed.itemCountMany'], 1, '1 article'],
    ['fr-CH', frCH.catalogue['feed.itemCountMany'], 2, '2 articles'],
    ['fr-CH', frCH.catalogue['syncState.pendingMany'], 0, '0 modification attend d’être envoyée.'],
    ['fr-CH', frCH.catalogue['syncState.pendingMany'], 5, '5 modifications attendent d’être envoyées.'],
    ['it-CH', itCH.catalogue['feed.itemCountMany'], 0, '0 articoli'],
    ['it-CH', itCH.catalogue['feed.itemCountMany'], 1, '1 articolo'],
    ['it-CH', itCH.catalogue['profile.trialDaysLeft'], 1, 'Ancora 1 giorno di prova gratuita'],
    ['it-CH', itCH.catalogue['profile.trialDaysLeft'], 12, 'Ancora 12 giorni di prova gratuita'],
  ])('%s: %j with %d → %j', (locale, text, count, expected) => {
    const params = { count, days: count, n: count }
    if (typeof expected === 'string') expect(formatMessage(text, params, locale)).toBe(expected)
    else expect(formatMessage(text, params, locale)).toMatch(expected)
  })
})
