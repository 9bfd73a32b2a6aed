import { Link } from 'react-router-dom'
import { t, type CatalogueKey } from '@/i18n'
import { KreisMark } from '@/ui/kreis-logo'
import { LanguageSwitch } from '@/ui/language-switch'

const LINKS: { to: string; label: CatalogueKey }[] = [
  { to: '/our-story', label: 'footer.ourStory' },
  { to: '/join-movement', label: 'footer.joinMovement' },
  { to: '/contact', label: 'footer.contact' },
  { to: '/terms', label: 'footer.terms' },
  { to: '/privacy-policy', label: 'footer.privacy' },
]

export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 bg-stone-900 text-stone-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-start md:justify-between">
        <div className="flex items-center gap-3">
          <KreisMark className="h-10 w-10" />
          <div>
            <p className="text-lg font-bold">{t('app.name')}</p>
            <p className="text-sm text-stone-300">{t('app.tagline')}</p>
          </div>
        </div>
        <nav aria-label={t('nav.footer')}>
          {/* Each link 44 px tall (a finger's width apart), in a column on phones and a row from sm. */}
          <ul className="flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-6">
            {LINKS.map((l) => (
              <li key={l.to}>
                <Link
                  to={l.to}
                  className="inline-flex min-h-11 items-center text-stone-100 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-amber-300"
                >
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch className="self-start sm:hidden" />
      </div>
      <p className="border-t border-stone-700 px-4 py-4 text-center text-sm text-stone-300">{t('footer.copyright')}</p>
    </footer>
  )
}
