import { Link } from 'react-router-dom'
import { buttonClasses } from '@/ui/button'
import { t } from '@/i18n'

export function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-6xl font-bold text-green-800" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold text-stone-900">{t('notFound.title')}</h1>
      <p className="text-stone-700">{t('notFound.text')}</p>
      <Link to="/" className={buttonClasses()}>
        {t('notFound.home')}
      </Link>
    </div>
  )
}
