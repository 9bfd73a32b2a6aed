// The header search (docs/product.md §2.4 shows only the box; docs/decisions.md#D-search asks for a real search): what a listing is found by
// and how a query matches it. Forgiving, as shoppers expect: case and accents are ignored ("hermes" finds
// "Hermès", "geneve" finds "Genève"), every word of the query may be part of a word ("pull" finds "Pullover"), and
// all query words must be found somewhere in the listing's title, brand, tags, category (value and label),
// product type, description, location or its seller's name. The server answers the same rule over the whole
// catalogue (migration 20261127090100, the same fields and fold); the device answers it over its mirror offline.
import { searchFold } from './search-normalise'

/** Lower case, accents removed (Postgres' lower(unaccent())); the one normal form of search and filter text. */
export const fold = searchFold

/** The words of a text in normal form (letters and digits; everything else separates). */
export const foldedWords = (s: string): string[] =>
  fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')

/** The fields a listing is searched by (a mirror row has them all). */
export interface SearchableListing {
  readonly title: string
  readonly brand: string | null
  readonly tags: readonly string[] | null
  readonly category: string
  readonly product_type: string | null
  readonly description?: string | null
  readonly location?: string | null
  readonly seller_first_name?: string | null
  readonly seller_last_name?: string | null
}

/** The words of a query, in normal form; none for a blank query. */
export const searchTerms = (query: string | null | undefined): string[] => [...new Set(foldedWords(query ?? ''))]

/** Whether a listing's search text holds every term (each may be part of a word). No terms: everything matches. */
export function matchesTerms(text: string, terms: readonly string[]): boolean {
  for (const term of terms) if (!text.includes(term)) return false
  return true
}

/** The query as the search box and the query string keep it: trimmed, inner spaces collapsed. */
export const normalizeQuery = (query: string | null | undefined): string => (query ?? '').trim().replace(/\s+/g, ' ')
