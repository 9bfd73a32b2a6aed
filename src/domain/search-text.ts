// The text a listing is searched in (./search's rule): its own words in normal form, the German spellings without
// umlauts and the vocabulary in the four languages (./search-vocabulary). A module of its own so the first route,
// which needs only the query side of ./search (the header's search box), does not carry the vocabulary's table.
import { foldedWords, type SearchableListing } from './search'
import { locationSearchText } from './places'
import { vocabularyWords } from './search-vocabulary'

// German spellings without umlauts ("Mueller" for "Müller") should still find the listing.
const UMLAUT_SPELLING: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'ae', Ö: 'oe', Ü: 'ue' }

// The category as shoppers name it besides its stored value (docs/product.md §3: children is labelled "Kids").
const CATEGORY_WORDS: Readonly<Record<string, string>> = { children: 'kids' }

/**
 * The text a listing is searched in, in normal form: its words joined by single spaces, with the category's
 * shown name and the umlaut spellings added. A stored place is searched by its names in every language
 * (docs/decisions.md#D-place-codes), not by its code.
 */
export function searchText(listing: SearchableListing): string {
  const raw = [
    listing.title,
    listing.brand ?? '',
    ...(listing.tags ?? []),
    listing.category,
    CATEGORY_WORDS[listing.category] ?? '',
    listing.product_type ?? '',
    listing.description ?? '',
    locationSearchText(listing.location),
    listing.seller_first_name ?? '',
    listing.seller_last_name ?? '',
  ].join(' ')
  const words = foldedWords(raw)
  // Only the words with an umlaut gain a second spelling (the server appends the whole text respelled: the same
  // matches, since a query word never spans two words).
  for (const word of raw.split(/\s+/)) {
    if (/[äöüÄÖÜ]/.test(word)) words.push(...foldedWords(word.replace(/[äöüÄÖÜ]/g, (c) => UMLAUT_SPELLING[c]!)))
  }
  // Its category's and product type's names in the four languages, its city's other names.
  words.push(...vocabularyWords(listing))
  return words.join(' ')
}
