import { Link, useNavigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import type { SellDraft } from '@/data'
import { isPreviewReady } from '@/domain/listing-form'
import { draftValues } from '@/domain/sell-flow'
import { t } from '@/i18n'
import { Button, buttonClasses } from '@/ui/button'
import { RequireSeller, Spinner } from './components/require-seller'
import { ReviewCard } from './components/review-card'
import { SellShell } from './components/sell-shell'
import { useDraftForStep } from './hooks/use-draft-for-step'
import { usePublish } from './hooks/use-publish'
import { photoSrc } from './photos/photo-src'

/** /sell/preview (docs/product.md §2.10 preview step). */
export function PreviewPage() {
  return (
    <RequireSeller>
      {() => (
        <SellShell step="preview">
          <Preview />
        </SellShell>
      )}
    </RequireSeller>
  )
}

function Preview() {
  const sd = useDraftForStep()
  if (!sd) return <Spinner label={t('sellFlow.loading')} />
  return <PreviewForDraft sd={sd} />
}

export function IncompleteListing({ onFix }: { onFix?: () => void }) {
  return (
    <section className="flex flex-col items-center gap-4 rounded-2xl border border-stone-200 bg-white px-6 py-12 text-center">
      <h2 className="text-xl font-semibold text-stone-900">{t('preview.incompleteTitle')}</h2>
      <p className="max-w-md text-stone-700">{t('preview.incompleteText')}</p>
      {onFix ? (
        <Button onClick={onFix}>{t('preview.toDetails')}</Button>
      ) : (
        <Link to={paths.sellDetails} className={buttonClasses()}>
          {t('preview.toDetails')}
        </Link>
      )}
    </section>
  )
}

function PreviewForDraft({ sd }: { sd: SellDraft }) {
  const navigate = useNavigate()
  const { publish, busy } = usePublish()
  const values = draftValues(sd.draft.fields)
  if (!isPreviewReady(values)) return <IncompleteListing />
  const first = sd.photos[0]
  return (
    <section className="flex flex-col gap-6" aria-label={t('sell.stepPreview')}>
      <ReviewCard
        values={values}
        cover={first ? photoSrc({ id: first.id, blob: first.blob, image_url: first.image_url }) : null}
        photoCount={sd.photos.length}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => void navigate(paths.sellDetails)} disabled={busy}>
          {t('preview.backToEdit')}
        </Button>
        <Button onClick={() => void publish(sd.draft.id)} disabled={busy}>
          {busy ? t('preview.publishing') : t('preview.publish')}
        </Button>
      </div>
    </section>
  )
}
