import { activeLocale, t } from '@/i18n'
import { chooseLanguage } from '@/i18n/language-choice'
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@/i18n/locales'
import { cx } from './cx'

/** The short code a compact switch shows ("DE"); each option still says its language's name to assistive tech. */
const shortCode = (locale: Locale): string => locale.slice(0, 2).toUpperCase()

interface LanguageSwitchProps {
  /** The header's (from the sm breakpoint; a phone's is in the footer): language codes only, to fit beside the account links. */
  readonly compact?: boolean
  readonly className?: string
  /** How the page starts again in the new language (tests pass their own). */
  readonly reload?: () => void
}

/**
 * Chooses the app's language: kept on the device (and a member's in their profile, @/i18n/language-choice), then the
 * page reloads in it (every text, date and price of every screen renders anew from the new catalogue, and the next
 * visit opens in it).
 */
export function LanguageSwitch({
  compact = false,
  className,
  reload = () => window.location.reload(),
}: LanguageSwitchProps) {
  const choose = (value: string) => {
    if (!isLocale(value) || value === activeLocale()) return
    void chooseLanguage(value, reload)
  }
  return (
    <select
      aria-label={t('language.label')}
      value={activeLocale()}
      onChange={(e) => choose(e.target.value)}
      className={cx(
        'min-h-11 rounded-lg border border-stone-300 bg-white text-stone-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700',
        compact ? 'px-1 text-sm' : 'px-3',
        className,
      )}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale} aria-label={LOCALE_NAMES[locale]}>
          {compact ? shortCode(locale) : LOCALE_NAMES[locale]}
        </option>
      ))}
    </select>
  )
}
