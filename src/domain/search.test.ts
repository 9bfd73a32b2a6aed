import { describe, expect, it } from 'vitest'
import { fold, matchesTerms, normalizeQuery, searchTerms, type SearchableListing } from './search'
import { searchText } from './search-text'

const listing: SearchableListing = {
  title: 'Hermès silk carré',
  brand: 'Hermès',
  tags: ['vintage', 'Made in France'],
  category: 'accessories',
  product_type: 'scarf',
}
const finds = (query: string, over: Partial<SearchableListing> = {}): boolean =>
  matchesTerms(searchText({ ...listing, ...over }), searchTerms(query))

describe('search (docs/decisions.md#D-search): case- and accent-insensitive, partial words, every word must match', () => {
  it.each<[string, string, Partial<SearchableListing>, boolean]>([
    ['a plain query without accents finds an accented brand', 'hermes', {}, true],
    ['case is ignored', 'HERMES', {}, true],
    ['an accented query finds an unaccented title', 'écharpe', { title: 'Echarpe', brand: null }, true],
    ['a word prefix is enough', 'pull', { title: 'Striped Pullover', brand: null }, true],
    ['a part inside a compound word is found', 'jacke', { title: 'Lederjacke', brand: null }, true],
    ['every query word must be found', 'hermes wool', {}, false],
    ['query words may come from different fields', 'hermes vintage scarf', {}, true],
    ['tags are searched', 'france', {}, true],
    ['the stored category is searched', 'accessories', {}, true],
    ['the product type is searched', 'scarf', { title: 'Carré' }, true],
    ['"kids" finds the children category', 'kids', { category: 'children' }, true],
    ['"kids" does not find other categories', 'kids', {}, false],
    ['ß and ss are the same', 'strasse', { title: 'Straße Jeans' }, true],
    ['umlauts may be spelled out', 'mueller', { title: 'Müller Mantel', brand: null }, true],
    ['umlauts may be dropped', 'muller', { title: 'Müller Mantel', brand: null }, true],
    ['punctuation in the query separates words', 't-shirt', { title: 'Basic T-Shirt' }, true],
    ['a missing brand, tags and product type are fine', 'silk', { brand: null, tags: null, product_type: null }, true],
    ['the description is searched', 'france', { tags: null, description: 'Bought in France' }, true],
    ['the location is searched, accents folded', 'geneve', { location: '1204 Genève' }, true],
    [
      "the seller's name is searched, umlaut spelled out",
      'mueller',
      { seller_first_name: 'Anna', seller_last_name: 'Müller' },
      true,
    ],
    ["the seller's first name is searched", 'anna', { seller_first_name: 'Anna', seller_last_name: 'Müller' }, true],
    [
      'ligatures and letters without accents fold like Postgres',
      'oeuvre bjorn lodz',
      { title: 'Œuvre Bjørn Łódź' },
      true,
    ],
    ['a word that is not there is not found', 'boots', {}, false],
    ['a blank query finds everything', '   ', {}, true],
  ])('%s: %j', (_name, query, over, expected) => {
    expect(finds(query, over)).toBe(expected)
  })

  it.each([
    ['Hermès', 'hermes'],
    ['ÉCHARPE', 'echarpe'],
    ['Straße', 'strasse'],
  ])('folds %j to %j', (input, folded) => {
    expect(fold(input)).toBe(folded)
  })

  it('splits a query into distinct folded words', () => {
    expect(searchTerms('  Pull  pull, Hermès ')).toEqual(['pull', 'hermes'])
    expect(searchTerms(null)).toEqual([])
  })

  it('keeps the query as typed, trimmed and with single spaces', () => {
    expect(normalizeQuery('  red   Pullover ')).toBe('red Pullover')
    expect(normalizeQuery(undefined)).toBe('')
  })
})

describe('search (docs/decisions.md#D-search): every umlaut may be spelled out, and nothing is searched that the listing lacks', () => {
  it.each([
    ['baer', 'Bär'],
    ['oel', 'Öl'],
    ['gruen', 'grün'],
    ['aepfel', 'Äpfel'],
    ['oeko', 'Öko'],
    ['ueberzieher', 'Überzieher'],
  ])('%j finds %j', (query, title) => {
    expect(finds(query, { title, brand: null, tags: null })).toBe(true)
  })

  it('a listing without brand, tags and product type is searched by its title and category (with its names) only', () => {
    expect(searchText({ title: 'Red pull', brand: null, tags: null, category: 'men', product_type: null })).toBe(
      'red pull men men herren hommes uomo',
    )
  })
})
