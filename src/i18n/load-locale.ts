/**
 * Loading a language: each one, English too, is a chunk of its own (its catalogue, and for the others their static
 * pages' prose), fetched only when a visitor speaks it, so the first route carries exactly one catalogue. index.html
 * starts the visitor's language's chunk with the app's (scripts/app-loader.ts, by <html lang>); main.tsx renders
 * once both are there, so the first render is already in the visitor's language.
 */
import { applyLocale, type Catalogue } from '.'
import { FALLBACK_LOCALE, PSEUDO_LOCALE, type DeviceLocale } from './locales'

interface LocaleModule {
  readonly catalogue: Catalogue
  /** The static pages' prose; null for English, whose prose those pages build in. */
  readonly staticPages: Readonly<Record<string, string>> | null
}

const english = async (): Promise<LocaleModule> => ({ catalogue: (await import('./en')).en, staticPages: null })

/** Each language's loader (scripts/app-loader.ts finds their chunks by these imports). */
export const LOCALE_LOADERS: Readonly<Record<DeviceLocale, () => Promise<LocaleModule>>> = {
  en: english,
  'de-CH': () => import('./de-CH'),
  'fr-CH': () => import('./fr-CH'),
  'it-CH': () => import('./it-CH'),
  [PSEUDO_LOCALE]: async () => {
    const [{ pseudoCatalogue }, { en }, { staticPages }] = await Promise.all([
      import('./pseudo'),
      import('./en'),
      import('./en/static-pages'),
    ])
    return { catalogue: pseudoCatalogue(en), staticPages: pseudoCatalogue(staticPages) }
  },
}

/**
 * Speak `locale` from now on (and say so on <html lang>). Another language whose chunk cannot load leaves the app in
 * English; if English cannot load either, the promise rejects.
 */
export async function loadLocale(locale: DeviceLocale): Promise<DeviceLocale> {
  let module: LocaleModule
  try {
    module = await LOCALE_LOADERS[locale]()
  } catch (error) {
    if (locale === FALLBACK_LOCALE) throw error
    module = await english()
    locale = FALLBACK_LOCALE
  }
  // The pseudo-locale formats numbers, dates and plurals as English does.
  applyLocale(locale === PSEUDO_LOCALE ? FALLBACK_LOCALE : locale, module.catalogue, module.staticPages)
  if (typeof document !== 'undefined') document.documentElement.lang = locale
  return locale
}
