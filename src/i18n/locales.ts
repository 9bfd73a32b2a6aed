/**
 * The product's languages and which one a visitor gets. A first visit follows the browser's languages, in the
 * browser's order: the first one we speak wins (Swiss German "gsw" and Romansh "rm" read German); none → English.
 * The choice is then kept on the device, and a member's is kept in the profile too.
 */
export const LOCALES = ['de-CH', 'fr-CH', 'it-CH', 'en'] as const
export type Locale = (typeof LOCALES)[number]

/** English is built into the app; the others load on demand. */
export const FALLBACK_LOCALE: Locale = 'en'

/** Each language's name in itself, as a language switch shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  'de-CH': 'Deutsch',
  'fr-CH': 'Français',
  'it-CH': 'Italiano',
  en: 'English',
}

/** The pseudo-locale for testing layouts and missed strings (./pseudo): kept on a device, never picked or offered. */
export const PSEUDO_LOCALE = 'en-XA'
export type DeviceLocale = Locale | typeof PSEUDO_LOCALE

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** The primary language subtags each locale answers to. */
const PRIMARY: Readonly<Record<string, Locale>> = {
  de: 'de-CH',
  gsw: 'de-CH',
  rm: 'de-CH',
  fr: 'fr-CH',
  it: 'it-CH',
  en: 'en',
}

/** The locale for a browser's language list (navigator.languages), e.g. ["de-AT", "en"] → de-CH. */
export function pickLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? ''
    if (Object.hasOwn(PRIMARY, primary)) return PRIMARY[primary]!
  }
  return FALLBACK_LOCALE
}

/** Where the device keeps its language. */
export const LOCALE_STORAGE_KEY = 'kreis:locale'

/**
 * The same rule as pickLocale and the kept choice, as a script for index.html's head: it runs before anything
 * paints, sets <html lang> and keeps the first visit's choice (a test runs it against pickLocale's table).
 */
export const LOCALE_PICKER =
  `(function(){var k=${JSON.stringify(LOCALE_STORAGE_KEY)},l=null,s=null,p=${JSON.stringify(PRIMARY)},` +
  `a=${JSON.stringify([...LOCALES, PSEUDO_LOCALE])};try{s=localStorage.getItem(k)}catch(e){}if(a.indexOf(s)>=0)l=s;else{` +
  `var n=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||''];` +
  `for(var i=0;i<n.length&&!l;i++){var q=String(n[i]).trim().toLowerCase().split(/[-_]/)[0];` +
  `if(Object.prototype.hasOwnProperty.call(p,q))l=p[q]}` +
  `l=l||${JSON.stringify(FALLBACK_LOCALE)};try{localStorage.setItem(k,l)}catch(e){}}document.documentElement.lang=l})()`

/** The device's kept language, if any. */
export function storedLocale(): DeviceLocale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY)
    return isLocale(value) || value === PSEUDO_LOCALE ? value : null
  } catch {
    return null
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale)
  } catch {
    // A device that keeps nothing (private mode, storage full) asks the browser again next time.
  }
}

/** The language to start in: the kept one, else the browser's, which is then kept. */
export function startLocale(): DeviceLocale {
  const kept = storedLocale()
  if (kept) return kept
  const languages =
    typeof navigator === 'undefined'
      ? []
      : navigator.languages?.length
        ? navigator.languages
        : [navigator.language ?? '']
  const picked = pickLocale(languages)
  storeLocale(picked)
  return picked
}
