import { describe, expect, it } from 'vitest'
import { matchesTerms, searchTerms } from './search'
import { searchText } from './search-text'
import { vocabularyWords } from './search-vocabulary'

const listing = (over: {
  category?: string
  product_type?: string | null
  location?: string | null
  title?: string
}) => ({
  title: 'Something',
  brand: null,
  tags: null,
  category: 'women',
  product_type: null,
  location: null,
  ...over,
})

describe('docs/decisions.md#D-search-vocabulary which words a listing gains', () => {
  it.each([
    ['a category', listing({ category: 'men' }), ['men', 'herren', 'hommes', 'uomo']],
    [
      'a product type',
      listing({ category: 'shoes', product_type: 'ankle boots' }),
      ['shoes', 'schuhe', 'chaussures', 'scarpe', 'ankle', 'boots', 'stiefeletten', 'bottines', 'stivaletti'],
    ],
    [
      'a city as its seller wrote it',
      listing({ location: '1204 Genève' }),
      ['women', 'donna', 'femmes', 'damen', 'geneva', 'geneve', 'genf', 'ginevra'],
    ],
    [
      'a city of two words',
      listing({ location: 'Sankt Gallen' }),
      ['women', 'damen', 'femmes', 'donna', 'st', 'gallen', 'sankt', 'saint', 'gall', 'san', 'gallo'],
    ],
    ['a word that only contains a city', listing({ location: 'Bernhardzell' }), ['women', 'damen', 'femmes', 'donna']],
    ['a product type outside the list', listing({ product_type: 'kimono' }), ['women', 'damen', 'femmes', 'donna']],
  ])('%s', (_, l, words) => {
    expect(new Set(vocabularyWords(l))).toEqual(new Set(words))
  })
})

describe('docs/decisions.md#D-place-codes a listing stored with a place code', () => {
  const inGeneva = searchText(listing({ title: 'Wool jacket', location: 'CH-GE-geneve' }))
  const inGrisons = searchText(listing({ title: 'Wool jacket', location: 'CH-GR' }))
  it.each([
    [inGeneva, 'Genf', true],
    [inGeneva, 'Ginevra', true],
    [inGeneva, 'genève', true],
    [inGeneva, 'Geneva', true],
    [inGeneva, 'Zürich', false],
    // The code itself is not a word of the listing.
    [inGeneva, 'CH-GE', false],
    [inGrisons, 'Graubünden', true],
    [inGrisons, 'Graubuenden', true],
    [inGrisons, 'Grisons', true],
    [inGrisons, 'Grigioni', true],
    [inGrisons, 'Genf', false],
  ])('%s: %s → %s', (text, query, found) => {
    expect(matchesTerms(text, searchTerms(query))).toBe(found)
  })
})

describe('docs/decisions.md#D-search-vocabulary what a shopper finds', () => {
  const jacket = searchText(listing({ title: 'Wool jacket', product_type: 'jacket', location: 'Zürich' }))
  it.each([
    ['Jacke', true],
    ['veste', true],
    ['giacca', true],
    ['Zurigo', true],
    ['giacca donna zurigo', true],
    ['Genf', false],
    ['Hose', false],
  ])('%s → %s', (query, found) => {
    expect(matchesTerms(jacket, searchTerms(query))).toBe(found)
  })
})
