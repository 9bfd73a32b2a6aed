/**
 * What /shop shows before its chunk arrives (routes.tsx imports this file eagerly, so keep it tiny): the heading
 * and the grid's space, so the footer does not jump when the page renders (issue 11 item 13, CLS).
 */
import { t } from '@/i18n'

export function ShopHeading() {
  return (
    <div>
      <h1 className="text-3xl font-bold text-stone-900">{t('shop.title')}</h1>
      <p className="mt-1 text-stone-700">{t('shop.subtitle')}</p>
    </div>
  )
}

export function ShopFallback() {
  return (
    <div className="mx-auto flex min-h-[150vh] max-w-6xl flex-col gap-5 px-4 py-8" aria-busy="true">
      <ShopHeading />
    </div>
  )
}
