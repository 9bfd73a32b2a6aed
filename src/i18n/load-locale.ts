/**
 * Loading a language: English is built in; each other language is one chunk of its own (its catalogue and its
 * static pages' prose), fetched only when a visitor speaks it. main.tsx starts it beside the app's own chunks and
 * renders once both are there, so the first render is already in the visitor's language.
 */
import { en } from './en'
import { applyLocale, type Catalogue } from '.'
import { FALLBACK_LOCALE, PSEUDO_LOCALE, type DeviceLocale } from './locales'

interface LocaleModule {
  readonly catalogue: Catalogue
  readonly staticPages: Readonly<Record<string, string>>
}

const LOADERS: Readonly<Record<Exclude<DeviceLocale, 'en'>, () => Promise<LocaleModule>>> = {
  'de-CH': () => import('./de-CH'),
  'fr-CH': () => import('./fr-CH'),
  'it-CH': () => import('./it-CH'),
  [PSEUDO_LOCALE]: async () => {
    const [{ pseudoCatalogue }, { staticPages }] = await Promise.all([import('./pseudo'), import('./en/static-pages')])
    return { catalogue: pseudoCatalogue(en), staticPages: pseudoCatalogue(staticPages) }
  },
}

/** Speak `locale` from now on (and say so on <html lang>). A chunk that cannot load leaves the app in English. */
export async function loadLocale(locale: DeviceLocale): Promise<DeviceLocale> {
  if (locale === 'en') {
    applyLocale(FALLBACK_LOCALE, en, null)
  } else {
    try {
      const module = await LOADERS[locale]()
      // The pseudo-locale formats numbers, dates and plurals as English does.
      applyLocale(locale === PSEUDO_LOCALE ? FALLBACK_LOCALE : locale, module.catalogue, module.staticPages)
    } catch {
      applyLocale(FALLBACK_LOCALE, en, null)
      locale = FALLBACK_LOCALE
    }
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale
  return locale
}
