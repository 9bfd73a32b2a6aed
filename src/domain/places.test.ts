import { describe, expect, it } from 'vitest'
import { FILTER_LOCATIONS } from './categories'
import {
  cantonNameIsTowns,
  locationSearchText,
  PLACE_LANGUAGES,
  placeByCode,
  placeCodeOf,
  PLACES,
  placeWords,
  storedLocation,
  typedNamesOf,
} from './places'

const cantons = PLACES.filter((p) => p.kind === 'canton')
const towns = PLACES.filter((p) => p.kind === 'town')

describe('docs/decisions.md#D-place-codes the table', () => {
  it('has the 26 cantons under their ISO 3166-2 codes', () => {
    expect(cantons.map((c) => c.code).sort()).toEqual(
      [
        'AG',
        'AI',
        'AR',
        'BE',
        'BL',
        'BS',
        'FR',
        'GE',
        'GL',
        'GR',
        'JU',
        'LU',
        'NE',
        'NW',
        'OW',
        'SG',
        'SH',
        'SO',
        'SZ',
        'TG',
        'TI',
        'UR',
        'VD',
        'VS',
        'ZG',
        'ZH',
      ].map((c) => `CH-${c}`),
    )
  })

  it('has a town in each canton (its capital), under its canton’s code', () => {
    for (const canton of cantons) expect(towns.some((t) => t.code.startsWith(`${canton.code}-`))).toBe(true)
    for (const town of towns) expect(town.code).toMatch(/^CH-[A-Z]{2}-[a-z]+(-[a-z]+)*$/)
  })

  it('has every filter city', () => {
    for (const city of FILTER_LOCATIONS) expect(placeByCode(placeCodeOf(city))?.kind).toBe('town')
  })

  it('names every place in the four languages, in Swiss spelling', () => {
    for (const place of PLACES)
      for (const lang of PLACE_LANGUAGES) {
        expect(place.names[lang].trim()).not.toBe('')
        expect(place.names[lang]).not.toMatch(/ß/)
      }
  })

  it('has unique codes', () => {
    expect(new Set(PLACES.map((p) => p.code)).size).toBe(PLACES.length)
  })

  it('no name typed alone means two places', () => {
    const seen = new Map<string, string>()
    for (const place of PLACES)
      for (const name of typedNamesOf(place)) {
        expect(seen.get(name) ?? place.code).toBe(place.code)
        seen.set(name, place.code)
      }
  })

  it('every place can be typed: each of its shown names gives its code back', () => {
    for (const place of PLACES)
      for (const lang of PLACE_LANGUAGES) {
        const typed = cantonNameIsTowns(place) ? `Kanton ${place.names[lang]}` : place.names[lang]
        expect([lang, typed, placeCodeOf(typed)]).toEqual([lang, typed, place.code])
      }
  })
})

describe('docs/decisions.md#D-place-codes what a seller types is stored as', () => {
  it.each([
    ['Genf', 'CH-GE-geneve'],
    ['genève', 'CH-GE-geneve'],
    ['GENEVE', 'CH-GE-geneve'],
    ['Ginevra', 'CH-GE-geneve'],
    ['  Geneva  ', 'CH-GE-geneve'],
    ['Zürich', 'CH-ZH-zurich'],
    ['Zuerich', 'CH-ZH-zurich'],
    ['zurigo', 'CH-ZH-zurich'],
    ['St. Gallen', 'CH-SG-st-gallen'],
    ['St Gallen', 'CH-SG-st-gallen'],
    ['Sankt Gallen', 'CH-SG-st-gallen'],
    ['Saint-Gall', 'CH-SG-st-gallen'],
    ['Biel/Bienne', 'CH-BE-biel'],
    ['Sitten', 'CH-VS-sion'],
    ['Graubünden', 'CH-GR'],
    ['Graubuenden', 'CH-GR'],
    ['Grisons', 'CH-GR'],
    ['Grigioni', 'CH-GR'],
    ['Ticino', 'CH-TI'],
    ['Tessin', 'CH-TI'],
    ['Wallis', 'CH-VS'],
    ['Basel-Landschaft', 'CH-BL'],
    ['Bâle Ville', 'CH-BS'],
    ['Basel', 'CH-BS-basel'],
    // A name a canton shares with its capital is the town; a canton word makes it the canton.
    ['Luzern', 'CH-LU-luzern'],
    ['Kanton Luzern', 'CH-LU'],
    ['Kanton Zürich', 'CH-ZH'],
    ['canton de Genève', 'CH-GE'],
    ['Cantone di Ginevra', 'CH-GE'],
    ['Canton of Geneva', 'CH-GE'],
    ['canton des Grisons', 'CH-GR'],
    ['canton du Valais', 'CH-VS'],
    ['canton d’Argovie', 'CH-AG'],
    ['Kt. Zug', 'CH-ZG'],
    // A code is itself.
    ['CH-GE-geneve', 'CH-GE-geneve'],
    ['CH-TI', 'CH-TI'],
    // Anything else is kept as typed.
    ['8001 Zürich', null],
    ['Zürich Altstetten', null],
    ['Bernhardzell', null],
    ['Kanton Bernhardzell', null],
    ['Kanton', null],
    ['CH-ZZ', null],
    ['', null],
    ['   ', null],
  ])('%j → %s', (typed, code) => {
    expect(placeCodeOf(typed)).toBe(code)
    expect(storedLocation(typed)).toBe(code ?? typed.trim())
  })
})

describe('docs/decisions.md#D-place-codes the words a location is found by', () => {
  it.each([
    ['CH-GE-geneve', ['genf', 'geneve', 'ginevra', 'geneva']],
    ['CH-ZH-zurich', ['zurich', 'zuerich', 'zurigo']],
    ['CH-GR', ['graubunden', 'graubuenden', 'grisons', 'grigioni']],
    ['CH-SG-st-gallen', ['st', 'gallen', 'saint', 'gall', 'san', 'gallo', 'sankt']],
  ])('%s', (code, words) => {
    expect(new Set(placeWords(placeByCode(code)!).split(' '))).toEqual(new Set(words))
    expect(locationSearchText(code)).toBe(placeWords(placeByCode(code)!))
  })

  it.each([['1204 Genève'], ['CH-ZZ'], [''], [null]])('%j is its own text', (location) => {
    expect(locationSearchText(location)).toBe(location ?? '')
  })
})
