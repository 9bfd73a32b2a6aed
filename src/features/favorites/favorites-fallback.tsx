/** What /favorites shows before its chunk arrives (routes.tsx imports this file eagerly: keep it tiny). */
import { t } from '@/i18n'

export function FavoritesHeading() {
  return (
    <div>
      <h1 className="text-3xl font-bold text-stone-900">{t('favorites.title')}</h1>
      <p className="mt-1 text-stone-700">{t('feed.favoritesSubtitle')}</p>
    </div>
  )
}

export function FavoritesFallback() {
  return (
    <div className="mx-auto flex min-h-[100vh] max-w-6xl flex-col gap-6 px-4 py-8" aria-busy="true">
      <FavoritesHeading />
    </div>
  )
}
