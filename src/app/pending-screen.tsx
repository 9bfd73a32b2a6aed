import { Link } from 'react-router-dom'
import { buttonClasses } from '@/ui/button'
import { t } from '@/i18n'

/**
 * Stands in for a screen that a later feature delivers (each use in routes.tsx names it). Honest to users:
 * the page exists in the route table but has no content in this version.
 */
export function PendingScreen({ title }: { title: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      <p className="text-lg text-stone-700">This part of Kreis is not available in this version of the app yet.</p>
      <Link to="/" className={buttonClasses()}>
        {t('common.backToHome')}
      </Link>
    </div>
  )
}
