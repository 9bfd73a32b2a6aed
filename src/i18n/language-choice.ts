/**
 * Choosing the app's language and following a member's (docs/product.md#R-language-profile). The device always keeps
 * the choice (./locales); a signed-in member's is also a profile edit, which the data layer (a lazy chunk, not in the
 * first route's JS) writes through a keeper it registers here once it knows who is signed in. A pulled profile whose
 * language differs from the device's makes the device follow it.
 */
import { isLocale, PSEUDO_LOCALE, storedLocale, storeLocale, type DeviceLocale, type Locale } from './locales'

/** Keeps a member's choice in their profile (resolves once it is on the device's outbox). */
export type LanguageKeeper = (locale: Locale) => Promise<void>

let keeper: LanguageKeeper | null = null

/**
 * A choice made while no keeper was registered (signed out, or before the data layer loaded): kept here until a
 * member's data layer writes it into their profile, so a profile's older language does not take it back.
 */
const UNSAVED_KEY = 'kreis:locale-unsaved'

/** The choice made on this device that no profile holds yet, if any. */
export function unsavedChoice(): Locale | null {
  try {
    const value = localStorage.getItem(UNSAVED_KEY)
    return isLocale(value) ? value : null
  } catch {
    return null
  }
}

/** The unsaved choice is now in the member's profile (on the outbox). */
export function choiceSaved(): void {
  try {
    localStorage.removeItem(UNSAVED_KEY)
  } catch {
    // Nothing was kept.
  }
}

function keepUnsaved(locale: Locale): void {
  try {
    localStorage.setItem(UNSAVED_KEY, locale)
  } catch {
    // A device that keeps nothing keeps no choice either.
  }
}

/** The data layer's keeper while a member is signed in; returns how to remove it again (sign-out, unmount). */
export function setLanguageKeeper(next: LanguageKeeper): () => void {
  keeper = next
  return () => {
    if (keeper === next) keeper = null
  }
}

/**
 * The user chose `locale`: kept on the device, kept in the profile when a member is signed in (a write that fails
 * leaves the device's choice alone; with no keeper yet, the choice waits as unsaved for the next member's data layer),
 * then the app starts again in it.
 */
export async function chooseLanguage(locale: Locale, reload: () => void): Promise<void> {
  storeLocale(locale)
  if (keeper) {
    try {
      await keeper(locale)
    } catch {
      // The device speaks the new language; the profile keeps the one before.
    }
  } else {
    keepUnsaved(locale)
  }
  reload()
}

/**
 * The language a device should switch to for its member's profile language, or null to stay: a profile without a
 * (known) language leaves the device's choice, and a device in the pseudo-locale (a test build) stays in it.
 */
export function languageToFollow(profileLanguage: unknown, kept: DeviceLocale | null): Locale | null {
  if (!isLocale(profileLanguage) || kept === PSEUDO_LOCALE || profileLanguage === kept) return null
  return profileLanguage
}

/**
 * Switches the device to its member's language: kept, then the app starts again in it. A device that cannot keep it
 * (no storage) does not start again, which would only bring back the language it has.
 */
export function followLanguage(locale: Locale, reload: () => void): void {
  storeLocale(locale)
  if (storedLocale() === locale) reload()
}
