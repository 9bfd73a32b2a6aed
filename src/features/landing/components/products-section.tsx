import { Suspense } from 'react'
import { lazyRetrying } from '@/ui/lazy-retrying'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { PRODUCTS_SECTION_ID } from '../landing-constants'
import { FreshGridSkeleton } from './fresh-grid-skeleton'

// The cards read the device's mirror: their chunk comes with the data layer, after the landing's first paint.
const FreshGrid = lazyRetrying(() => import('./fresh-grid').then((m) => ({ default: m.FreshGrid })))

/** "Fresh from the Circle" (docs/product.md §2.2 section 2) with "Browse All Items" and "Start Selling". */
export function ProductsSection({ signedIn, cardsReady = true }: { signedIn: boolean; cardsReady?: boolean }) {
  return (
    <section id={PRODUCTS_SECTION_ID} aria-labelledby="products-title" className="mx-auto max-w-6xl px-4 py-12">
      <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end">
        <h2 id="products-title" className="text-3xl font-bold text-stone-900">
          {t('landing.freshTitle')}
        </h2>
        {/* Phones: the two buttons share one row in equal halves (they wrapped into two ragged rows at 375 px). */}
        <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto sm:flex-wrap">
          <Link
            to={paths.shop}
            className={`${buttonClasses({ variant: 'outline' })} whitespace-nowrap max-sm:px-3 max-sm:text-sm`}
          >
            {t('landing.browseAll')}
          </Link>
          <Link
            to={signedIn ? paths.sell : paths.auth()}
            className={`${buttonClasses()} whitespace-nowrap max-sm:px-3 max-sm:text-sm`}
          >
            {t('landing.startSelling')}
          </Link>
        </div>
      </div>
      {cardsReady ? (
        <Suspense fallback={<FreshGridSkeleton />}>
          <FreshGrid />
        </Suspense>
      ) : (
        <FreshGridSkeleton />
      )}
    </section>
  )
}
