import { Link, useNavigate, useParams } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { Button, buttonClasses } from '@/ui/button'
import { ListingProgress } from './components/listing-progress'
import { RequireSeller, Spinner } from './components/require-seller'
import type { ClearFormState } from './hooks/use-draft-for-step'
import { useOwnListing } from './hooks/use-own-listing'

/** /sell/success/:listingId (docs/product.md §2.10), with the listing's way to the server (docs/decisions.md#D-publish-progress). */
export function SuccessPage() {
  const { listingId = '' } = useParams()
  return <RequireSeller>{() => <Success listingId={listingId} />}</RequireSeller>
}

function Success({ listingId }: { listingId: string }) {
  const own = useOwnListing(listingId)
  const navigate = useNavigate()
  if (own === undefined) return <Spinner label={t('sellFlow.loading')} />
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col items-center gap-6 px-4 py-12 text-center">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800"
      >
        ✓
      </span>
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t('success.title')}</h1>
      {own ? (
        <ListingProgress own={own} onFix={() => void navigate(paths.sellEdit(listingId))} />
      ) : (
        <p className="text-stone-700">{t('sellFlow.notFound')}</p>
      )}
      <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center [&>*]:whitespace-nowrap">
        <Link to={paths.item(listingId)} className={buttonClasses()}>
          {t('success.view')}
        </Link>
        <Button
          variant="outline"
          onClick={() => void navigate(paths.sellUpload, { state: { clearForm: true } satisfies ClearFormState })}
        >
          {t('success.addAnother')}
        </Button>
        <Link to={paths.home} className={buttonClasses({ variant: 'ghost' })}>
          {t('common.backToHome')}
        </Link>
      </div>
    </div>
  )
}
