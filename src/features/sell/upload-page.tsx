import { useNavigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import type { SellDraft } from '@/data'
import { t } from '@/i18n'
import { RequireSeller, Spinner } from './components/require-seller'
import { SellShell } from './components/sell-shell'
import { UnfinishedDrafts } from './components/unfinished-drafts'
import { UploadStep } from './components/upload-step'
import { useDraftActions } from './hooks/use-draft-actions'
import { useDraftForStep } from './hooks/use-draft-for-step'
import { photoSrc } from './photos/photo-src'

/** /sell/upload (docs/product.md §2.10 upload step). */
export function UploadPage() {
  return (
    <RequireSeller>
      {() => (
        <SellShell step="upload">
          <Upload />
        </SellShell>
      )}
    </RequireSeller>
  )
}

function Upload() {
  const sd = useDraftForStep()
  if (!sd) return <Spinner label={t('sellFlow.loading')} />
  return <UploadForDraft sd={sd} />
}

function UploadForDraft({ sd }: { sd: SellDraft }) {
  const navigate = useNavigate()
  const actions = useDraftActions()
  const ids = sd.photos.map((p) => p.id)
  const photos = sd.photos.map((p) => ({
    id: p.id,
    src: photoSrc({ id: p.id, card: p.card_blob, blob: p.blob }),
    state: 'device' as const,
  }))
  return (
    <>
      <UnfinishedDrafts />
      <UploadStep
        key={sd.draft.id}
        draftId={sd.draft.id}
        photos={photos}
        mode="create"
        onReorder={(next) => void actions.reorder(sd.draft.id, next)}
        onRemove={(id) => void actions.remove(sd.draft.id, ids, id)}
        onPrimary={() => void navigate(paths.sellDetails)}
        onCancel={() => void navigate(paths.home)}
      />
    </>
  )
}
