// The header search (spec §2.4 shows only the box; issue 11 asks for a real search): what a listing is found by
// and how a query matches it. Forgiving, as shoppers expect: case and accents are ignored ("hermes" finds
// "Hermès"), every word of the query may be part of a word ("pull" finds "Pullover"), and all query words must
// be found somewhere in the listing's title, brand, tags, category (value and label) or product type.

/** Lower case, accents removed, ß as ss; the one normal form of search and filter text. */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase()
}

/** The words of a text in normal form (letters and digits; everything else separates). */
export const foldedWords = (s: string): string[] => fold(s).split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '')

// German spellings without umlauts ("Mueller" for "Müller") should still find the listing.
const UMLAUT_SPELLING: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'ae', Ö: 'oe', Ü: 'ue' }

/** The fields a listing is searched by (a mirror row has them all). */
export interface SearchableListing {
  readonly title: string
  readonly brand: string | null
  readonly tags: readonly string[] | null
  readonly category: string
  readonly product_type: string | null
}

// The category as shoppers name it besides its stored value (spec §3: children is labelled "Kids").
const CATEGORY_WORDS: Readonly<Record<string, string>> = { children: 'kids' }

/**
 * The text a listing is searched in, in normal form: its words joined by single spaces, with the category's
 * shown name and the umlaut spellings added.
 */
export function searchText(listing: SearchableListing): string {
  const raw = [listing.title, listing.brand ?? '', ...(listing.tags ?? []), listing.category, CATEGORY_WORDS[listing.category] ?? '', listing.product_type ?? ''].join(' ')
  const words = foldedWords(raw)
  if (/[äöüÄÖÜ]/.test(raw)) words.push(...foldedWords(raw.replace(/[äöüÄÖÜ]/g, (c) => UMLAUT_SPELLING[c]!)))
  return words.join(' ')
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
