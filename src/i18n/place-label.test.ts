// Locations in the reader's language (docs/decisions.md#D-place-codes), with the real catalogues.
import { afterEach, describe, expect, it } from 'vitest'
import { placeCodeOf, PLACES } from '@/domain/places'
import { CITIES, CITY_CODES } from '../../supabase/seed/catalogue'
import { applyLocale, type Catalogue, type Locale } from '.'
import { catalogue as deCH } from './de-CH'
import { en } from './en'
import { catalogue as frCH } from './fr-CH'
import { catalogue as itCH } from './it-CH'
import { cityLabel, locationLabel, placeSuggestions, placeText } from './place-label'

const CATALOGUES: Readonly<Record<Locale, Catalogue>> = { en, 'de-CH': deCH, 'fr-CH': frCH, 'it-CH': itCH }
const speak = (locale: Locale) => applyLocale(locale, CATALOGUES[locale], null)

afterEach(() => speak('en'))

describe('docs/decisions.md#D-place-codes a stored location as the reader reads it', () => {
  it.each<[Locale, string | null, string]>([
    ['de-CH', 'CH-GE-geneve', 'Genf'],
    ['fr-CH', 'CH-GE-geneve', 'Genève'],
    ['it-CH', 'CH-GE-geneve', 'Ginevra'],
    ['en', 'CH-GE-geneve', 'Geneva'],
    ['de-CH', 'CH-GR', 'Graubünden'],
    ['fr-CH', 'CH-GR', 'Grisons'],
    ['it-CH', 'CH-TI', 'Ticino'],
    ['de-CH', 'CH-TI', 'Tessin'],
    ['fr-CH', 'CH-SG-st-gallen', 'Saint-Gall'],
    // A canton that shares its name with its capital is named with the canton word.
    ['de-CH', 'CH-ZH', 'Kanton Zürich'],
    ['fr-CH', 'CH-GE', 'Canton de Genève'],
    ['it-CH', 'CH-GE', 'Cantone di Ginevra'],
    ['en', 'CH-LU', 'Canton of Lucerne'],
    ['de-CH', 'CH-ZH-zurich', 'Zürich'],
    // Text a seller typed is shown as typed; none is "Switzerland".
    ['fr-CH', '8001 Zürich', '8001 Zürich'],
    ['de-CH', 'Genève', 'Genève'],
    ['de-CH', 'CH-ZZ', 'CH-ZZ'],
    ['de-CH', null, 'Schweiz'],
    ['it-CH', '', 'Svizzera'],
    ['en', null, 'Switzerland'],
  ])('%s: %j → %s', (locale, location, shown) => {
    speak(locale)
    expect(locationLabel(location)).toBe(shown)
  })

  it.each(Object.keys(CATALOGUES) as Locale[])('%s: every shown name, typed back, is the same place', (locale) => {
    speak(locale)
    for (const place of PLACES)
      expect([place.code, placeCodeOf(placeText(place.code))]).toEqual([place.code, place.code])
  })
})

describe('docs/decisions.md#D-place-codes the filter panel’s cities', () => {
  it.each<[Locale, string, string]>([
    ['de-CH', 'Geneva', 'Genf'],
    ['fr-CH', 'Zurich', 'Zurich'],
    ['it-CH', 'Lucerne', 'Lucerna'],
    ['de-CH', 'St. Gallen', 'St. Gallen'],
    ['fr-CH', 'St. Gallen', 'Saint-Gall'],
    ['en', 'Lucerne', 'Lucerne'],
    ['de-CH', 'Atlantis', 'Atlantis'],
  ])('%s: %s reads %s', (locale, city, shown) => {
    speak(locale)
    expect(cityLabel(city)).toBe(shown)
  })
})

describe('docs/decisions.md#D-place-codes the demo data', () => {
  it('stores each city under the code the app stores for its name', () => {
    for (const city of CITIES) expect([city, placeCodeOf(city)]).toEqual([city, CITY_CODES[city]])
  })
})

describe('docs/decisions.md#D-place-codes the sell form’s suggestions', () => {
  it('are every place once, by its name in the reader’s language, in alphabetical order', () => {
    speak('de-CH')
    const names = placeSuggestions()
    expect(names).toContain('Genf')
    expect(names).toContain('Graubünden')
    expect(names).toContain('Kanton Zürich')
    expect(names).not.toContain('Genève')
    expect(new Set(names.map(placeCodeOf)).size).toBe(PLACES.length)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de-CH')))
  })

  it('follow the language', () => {
    speak('it-CH')
    expect(placeSuggestions()).toContain('Ginevra')
    expect(placeSuggestions()).toContain('Cantone di Zurigo')
  })
})
