// The search vocabulary (docs/decisions.md#D-search-vocabulary): the device's words hold every name the catalogues
// give a category or product type, and the server's migration holds the same rows as the device.
import { describe, expect, it } from 'vitest'
import { ALL_PRODUCT_TYPES, CATEGORIES } from '@/domain/categories'
import { foldedWords } from '@/domain/search'
import { CITY_NAMES, VOCABULARY_WORDS } from '@/domain/search-vocabulary'
import { PLACES, placeWords, typedNamesOf } from '@/domain/places'
import SQL from '../../supabase/migrations/20261127121000_search_vocabulary.sql?raw'
import PLACES_SQL from '../../supabase/migrations/20261127170000_place_codes.sql?raw'
import { catalogue as deCH } from './de-CH'
import { en } from './en'
import { catalogue as frCH } from './fr-CH'
import { catalogue as itCH } from './it-CH'

const catalogues = { en, 'de-CH': deCH, 'fr-CH': frCH, 'it-CH': itCH }

describe('the search vocabulary', () => {
  it.each([
    ...CATEGORIES.map((c) => [`category.${c}`, `category:${c}`]),
    ...ALL_PRODUCT_TYPES.map((p) => [`productType.${p}`, `product_type:${p}`]),
  ])('%s: every language’s name is searchable', (key, code) => {
    const words = VOCABULARY_WORDS[code]!.split(' ')
    for (const catalogue of Object.values(catalogues)) {
      for (const word of foldedWords((catalogue as Record<string, string>)[key]!))
        if (word.length >= 3) expect(words).toContain(word)
    }
  })

  it('is the server’s: the migration inserts the same rows', () => {
    const rows = [
      ...SQL.matchAll(/\('(category|product_type|city)', '([^']+)', '([^']+)', (null|array\[[^\]]*\])\)/g),
    ].map((m) => [m[1], m[2], m[3], m[4]])
    const expected = [
      ...Object.entries(VOCABULARY_WORDS).map(([key, words]) => [...key.split(':'), words, 'null']),
      ...CITY_NAMES.map(([city, names]) => [
        'city',
        city,
        names.join(' '),
        `array[${names.map((n) => `'${n}'`).join(', ')}]`,
      ]),
    ]
    expect(rows).toEqual(expected)
  })

  it('is the server’s for places (docs/decisions.md#D-place-codes): the migration inserts the same rows', () => {
    const rows = [...PLACES_SQL.matchAll(/\('place', '([^']+)', '([^']+)', (array\[[^\]]*\]|'\{\}')\)/g)].map((m) => [
      m[1],
      m[2],
      m[3],
    ])
    const expected = PLACES.map((place) => {
      const names = typedNamesOf(place)
      return [place.code, placeWords(place), names.length ? `array[${names.map((n) => `'${n}'`).join(', ')}]` : "'{}'"]
    })
    expect(rows).toEqual(expected)
  })
})
