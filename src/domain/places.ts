// Swiss places as listings store them (docs/decisions.md#D-place-codes): the 26 cantons and the towns people list
// from, each with a stable code and its names in German, French, Italian and English. A listing's location is either
// a place's code or text kept as its seller typed it (a ZIP, a village). The names are proper names used for matching
// as much as for showing, so they live here rather than in the catalogues; this module is loaded only by the screens
// and the search that need it, never by the first route.
import { searchFold } from './search-normalise'

/** The languages a place is named in (a locale's primary subtag). */
export const PLACE_LANGUAGES = ['de', 'fr', 'it', 'en'] as const
export type PlaceLanguage = (typeof PLACE_LANGUAGES)[number]
type Names = readonly [de: string, fr: string, it: string, en: string]

export interface Place {
  /** "CH-GE" for a canton (ISO 3166-2), "CH-GE-geneve" for a town (its canton's code and a name). */
  readonly code: string
  readonly kind: 'canton' | 'town'
  readonly names: Readonly<Record<PlaceLanguage, string>>
  /** Other spellings people type ("Sankt Gallen"); matched, never shown. */
  readonly aliases: readonly string[]
}

const CANTONS: readonly (readonly [code: string, names: Names])[] = [
  ['ZH', ['Zürich', 'Zurich', 'Zurigo', 'Zurich']],
  ['BE', ['Bern', 'Berne', 'Berna', 'Bern']],
  ['LU', ['Luzern', 'Lucerne', 'Lucerna', 'Lucerne']],
  ['UR', ['Uri', 'Uri', 'Uri', 'Uri']],
  ['SZ', ['Schwyz', 'Schwytz', 'Svitto', 'Schwyz']],
  ['OW', ['Obwalden', 'Obwald', 'Obvaldo', 'Obwalden']],
  ['NW', ['Nidwalden', 'Nidwald', 'Nidvaldo', 'Nidwalden']],
  ['GL', ['Glarus', 'Glaris', 'Glarona', 'Glarus']],
  ['ZG', ['Zug', 'Zoug', 'Zugo', 'Zug']],
  ['FR', ['Freiburg', 'Fribourg', 'Friburgo', 'Fribourg']],
  ['SO', ['Solothurn', 'Soleure', 'Soletta', 'Solothurn']],
  ['BS', ['Basel-Stadt', 'Bâle-Ville', 'Basilea Città', 'Basel-Stadt']],
  ['BL', ['Basel-Landschaft', 'Bâle-Campagne', 'Basilea Campagna', 'Basel-Landschaft']],
  ['SH', ['Schaffhausen', 'Schaffhouse', 'Sciaffusa', 'Schaffhausen']],
  ['AR', ['Appenzell Ausserrhoden', 'Appenzell Rhodes-Extérieures', 'Appenzello Esterno', 'Appenzell Ausserrhoden']],
  ['AI', ['Appenzell Innerrhoden', 'Appenzell Rhodes-Intérieures', 'Appenzello Interno', 'Appenzell Innerrhoden']],
  ['SG', ['St. Gallen', 'Saint-Gall', 'San Gallo', 'St. Gallen']],
  ['GR', ['Graubünden', 'Grisons', 'Grigioni', 'Grisons']],
  ['AG', ['Aargau', 'Argovie', 'Argovia', 'Aargau']],
  ['TG', ['Thurgau', 'Thurgovie', 'Turgovia', 'Thurgau']],
  ['TI', ['Tessin', 'Tessin', 'Ticino', 'Ticino']],
  ['VD', ['Waadt', 'Vaud', 'Vaud', 'Vaud']],
  ['VS', ['Wallis', 'Valais', 'Vallese', 'Valais']],
  ['NE', ['Neuenburg', 'Neuchâtel', 'Neuchâtel', 'Neuchâtel']],
  ['GE', ['Genf', 'Genève', 'Ginevra', 'Geneva']],
  ['JU', ['Jura', 'Jura', 'Giura', 'Jura']],
]

// The canton capitals, the filter panel's cities and the larger towns; `slug` is part of the code and never changes.
const TOWNS: readonly (readonly [canton: string, slug: string, names: Names, aliases?: readonly string[]])[] = [
  ['ZH', 'zurich', ['Zürich', 'Zurich', 'Zurigo', 'Zurich']],
  ['ZH', 'winterthur', ['Winterthur', 'Winterthour', 'Winterthur', 'Winterthur']],
  ['BE', 'bern', ['Bern', 'Berne', 'Berna', 'Bern']],
  ['BE', 'biel', ['Biel', 'Bienne', 'Bienne', 'Biel/Bienne'], ['Biel/Bienne', 'Biel-Bienne']],
  ['BE', 'thun', ['Thun', 'Thoune', 'Thun', 'Thun']],
  ['LU', 'luzern', ['Luzern', 'Lucerne', 'Lucerna', 'Lucerne']],
  ['UR', 'altdorf', ['Altdorf', 'Altdorf', 'Altdorf', 'Altdorf']],
  ['SZ', 'schwyz', ['Schwyz', 'Schwytz', 'Svitto', 'Schwyz']],
  ['OW', 'sarnen', ['Sarnen', 'Sarnen', 'Sarnen', 'Sarnen']],
  ['NW', 'stans', ['Stans', 'Stans', 'Stans', 'Stans']],
  ['GL', 'glarus', ['Glarus', 'Glaris', 'Glarona', 'Glarus']],
  ['ZG', 'zug', ['Zug', 'Zoug', 'Zugo', 'Zug']],
  ['FR', 'fribourg', ['Freiburg', 'Fribourg', 'Friburgo', 'Fribourg']],
  ['SO', 'solothurn', ['Solothurn', 'Soleure', 'Soletta', 'Solothurn']],
  ['BS', 'basel', ['Basel', 'Bâle', 'Basilea', 'Basel']],
  ['BL', 'liestal', ['Liestal', 'Liestal', 'Liestal', 'Liestal']],
  ['SH', 'schaffhausen', ['Schaffhausen', 'Schaffhouse', 'Sciaffusa', 'Schaffhausen']],
  ['AR', 'herisau', ['Herisau', 'Herisau', 'Herisau', 'Herisau']],
  ['AI', 'appenzell', ['Appenzell', 'Appenzell', 'Appenzell', 'Appenzell']],
  ['SG', 'st-gallen', ['St. Gallen', 'Saint-Gall', 'San Gallo', 'St. Gallen'], ['Sankt Gallen']],
  ['GR', 'chur', ['Chur', 'Coire', 'Coira', 'Chur']],
  ['GR', 'davos', ['Davos', 'Davos', 'Davos', 'Davos']],
  ['AG', 'aarau', ['Aarau', 'Aarau', 'Aarau', 'Aarau']],
  ['AG', 'baden', ['Baden', 'Baden', 'Baden', 'Baden']],
  ['TG', 'frauenfeld', ['Frauenfeld', 'Frauenfeld', 'Frauenfeld', 'Frauenfeld']],
  ['TI', 'bellinzona', ['Bellinzona', 'Bellinzone', 'Bellinzona', 'Bellinzona']],
  ['TI', 'lugano', ['Lugano', 'Lugano', 'Lugano', 'Lugano']],
  ['TI', 'locarno', ['Locarno', 'Locarno', 'Locarno', 'Locarno']],
  ['VD', 'lausanne', ['Lausanne', 'Lausanne', 'Losanna', 'Lausanne']],
  ['VD', 'montreux', ['Montreux', 'Montreux', 'Montreux', 'Montreux']],
  ['VS', 'sion', ['Sitten', 'Sion', 'Sion', 'Sion']],
  ['NE', 'neuchatel', ['Neuenburg', 'Neuchâtel', 'Neuchâtel', 'Neuchâtel']],
  ['GE', 'geneve', ['Genf', 'Genève', 'Ginevra', 'Geneva']],
  ['JU', 'delemont', ['Delsberg', 'Delémont', 'Delémont', 'Delémont']],
]

const named = ([de, fr, it, en]: Names): Place['names'] => ({ de, fr, it, en })

/** Every place, towns first (a name both a town and its canton bear means the town). */
export const PLACES: readonly Place[] = [
  ...TOWNS.map(([canton, slug, names, aliases]) => ({
    code: `CH-${canton}-${slug}`,
    kind: 'town' as const,
    names: named(names),
    aliases: aliases ?? [],
  })),
  ...CANTONS.map(([canton, names]) => ({
    code: `CH-${canton}`,
    kind: 'canton' as const,
    names: named(names),
    aliases: [],
  })),
]

const BY_CODE: ReadonlyMap<string, Place> = new Map(PLACES.map((p) => [p.code, p]))

/** The place a stored location codes, or undefined for text kept as typed. */
export const placeByCode = (location: string | null | undefined): Place | undefined =>
  location ? BY_CODE.get(location) : undefined

/** A name in lookup form: folded (case and accents ignored), words joined by single spaces ("St. Gallen" → "st gallen"). */
const key = (name: string): string =>
  searchFold(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .join(' ')

// German spellings without umlauts ("Graubuenden") name the same place.
const respell = (name: string): string => name.replace(/[äöü]/gi, (c) => `${c.toLowerCase()}e`)

/** Every name and alias of a place, and its umlaut spellings, in lookup form, without repeats. */
export function placeNames(place: Place): string[] {
  const all = [...Object.values(place.names), ...place.aliases]
  return [...new Set(all.flatMap((n) => [key(n), key(respell(n))]))]
}

/** Lookup form → code. A canton whose name a town also bears is reached only through a canton word (below). */
const TOWN_OR_CANTON: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>()
  for (const place of PLACES) for (const name of placeNames(place)) if (!map.has(name)) map.set(name, place.code)
  return map
})()

const CANTON: ReadonlyMap<string, string> = new Map(
  PLACES.filter((p) => p.kind === 'canton').flatMap((p) => placeNames(p).map((n) => [n, p.code] as const)),
)

/**
 * The words that say "canton" before a canton's name, in lookup form, longest first: the catalogues' canton label
 * ("Kanton Zürich", "canton de Genève", "Cantone di Ginevra", "Canton of Geneva") and the usual short forms.
 */
const CANTON_WORDS: readonly string[] = [
  'cantone di',
  'cantone del',
  'cantone dei',
  'canton of',
  'canton de',
  'canton du',
  'canton des',
  'canton d',
  'cantone',
  'canton',
  'kanton',
  'kt',
  'ct',
]

/** The names (lookup form) that, typed alone, mean this place: a canton's shared with a town are the town's. */
export const typedNamesOf = (place: Place): string[] =>
  placeNames(place).filter((name) => TOWN_OR_CANTON.get(name) === place.code)

/**
 * The code for what a seller typed or picked, or null when it names no known place (then it is kept as typed).
 * Case, accents, punctuation and umlaut spellings do not matter ("genf", "GENÈVE", "St Gallen", "Zuerich"); a
 * name both a town and its canton bear is the town unless a canton word precedes it ("Kanton Zürich"). A stored
 * code stays itself.
 */
export function placeCodeOf(typed: string | null | undefined): string | null {
  const text = (typed ?? '').trim()
  if (BY_CODE.has(text)) return text
  const name = key(text)
  if (name === '') return null
  for (const word of CANTON_WORDS) {
    if (name.startsWith(`${word} `)) return CANTON.get(name.slice(word.length + 1)) ?? null
  }
  return TOWN_OR_CANTON.get(name) ?? null
}

/** What a location is stored as: a known place's code, anything else trimmed as typed. */
export const storedLocation = (typed: string): string => placeCodeOf(typed) ?? typed.trim()

/** Whether a canton's name is also a town's in some language (then it is shown with a canton word). */
export const cantonNameIsTowns = (place: Place): boolean =>
  place.kind === 'canton' &&
  PLACES.some(
    (town) => town.kind === 'town' && PLACE_LANGUAGES.some((lang) => key(town.names[lang]) === key(place.names[lang])),
  )

/**
 * The words a coded location is searched and filtered by: every name in every language, folded, without repeats
 * (the server's rows hold the same, migration 20261127170000_place_codes). Text kept as typed is its own words.
 */
export function placeWords(place: Place): string {
  return [...new Set(placeNames(place).flatMap((n) => n.split(' ')))].join(' ')
}

/** The text a location is searched and filtered by: a place's words in every language, or the text as typed. */
export function locationSearchText(location: string | null | undefined): string {
  const place = placeByCode(location)
  return place ? placeWords(place) : (location ?? '')
}
