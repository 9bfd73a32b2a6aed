/**
 * Locations in the reader's language (docs/decisions.md#D-place-codes): a stored place code is shown by its name in
 * the active language, a canton whose name its capital also bears with the canton word ("Kanton Zürich"); text a
 * seller typed is shown as typed. A module of its own, imported by the screens that show a location, so the place
 * table stays out of the first route.
 */
import { cantonNameIsTowns, placeByCode, placeCodeOf, PLACES, type Place, type PlaceLanguage } from '@/domain/places'
import { activeLocale, t } from '.'

/** The active locale's language (de-CH → de). */
const language = (): PlaceLanguage => activeLocale().slice(0, 2) as PlaceLanguage

/** A place's name as the screens show it in the active language. */
function shownName(place: Place): string {
  const name = place.names[language()]
  return cantonNameIsTowns(place) ? t('common.canton', { name }) : name
}

/** A stored location as the reader reads it: a place's name in their language, anything else as stored. */
export function placeText(location: string): string {
  const place = placeByCode(location)
  return place ? shownName(place) : location
}

/** A filter panel city (its English name, as the query string keeps it) in the reader's language. */
export const cityLabel = (city: string): string => placeText(placeCodeOf(city) ?? city)

/** The location line of a listing: its place in the reader's language, or "Switzerland" when there is none. */
export const locationLabel = (location: string | null): string =>
  location ? placeText(location) : t('common.switzerland')

/** The places the sell form suggests, by name in the active language, in its alphabetical order. */
export function placeSuggestions(): string[] {
  const collator = new Intl.Collator(activeLocale())
  return [...new Set(PLACES.map(shownName))].sort(collator.compare)
}
