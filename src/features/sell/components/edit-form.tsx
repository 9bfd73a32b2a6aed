import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import type { OwnListing, SellDraft } from '@/data'
import { detailsFromListing } from '@/domain/listing-fields'
import { isPreviewReady } from '@/domain/listing-form'
import { photoState } from '@/domain/photos'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { cx } from '@/ui/cx'
import { toast } from '@/ui/toast/toast-store'
import { useOnlineStatus } from '@/ui/use-online-status'
import { useDraftActions } from '../hooks/use-draft-actions'
import { useDraftValues } from '../hooks/use-draft-values'
import { useDeleteListing, useListingStatus } from '@/shared/use-listing-actions'
import { useSaveEdit } from '../hooks/use-save-edit'
import { photoSrc } from '../photos/photo-src'
import { DETAILS_FIELD_ORDER, DetailsForm } from './details-form'
import { ListingProgress } from './listing-progress'
import { ManageListing } from './manage-listing'
import { ReviewCard } from './review-card'
import { UploadStep } from './upload-step'
import { placeText } from '@/i18n/place-label'

type Tab = 'upload' | 'details' | 'preview'
const TABS: [Tab, 'edit.tabUpload' | 'edit.tabDetails' | 'edit.tabPreview'][] = [
  ['upload', 'edit.tabUpload'],
  ['details', 'edit.tabDetails'],
  ['preview', 'edit.tabPreview'],
]

/** The edit screen: three freely switchable tabs over one edit draft, plus mark sold and delete. */
export function EditForm({ own, draft }: { own: OwnListing; draft: SellDraft }) {
  const navigate = useNavigate()
  const online = useOnlineStatus()
  const [tab, setTab] = useState<Tab>('upload')
  const formRef = useRef<HTMLDivElement>(null)
  const actions = useDraftActions()
  const { values, errors, overLimit, change, flush, validate, rebase, changedElsewhere } = useDraftValues(draft)
  const current = own.listing
  // Another device saved this listing: the form shows that version with the seller's changes here kept on top.
  useEffect(() => rebase(detailsFromListing(current, placeText), current.edited_at), [rebase, current])
  const { save, saving } = useSaveEdit(own.listing.id, own.listing.sync_state === 'failed', () => {
    setTab('details')
    validate()
  })
  const setStatus = useListingStatus()
  const remove = useDeleteListing()
  const [managing, setManaging] = useState(false)
  const draftId = draft.draft.id
  const ids = draft.photos.map((p) => p.id)
  const listingFailed = own.listing.sync_state === 'failed'
  const photos = draft.photos.map((p) => ({
    id: p.id,
    src: photoSrc({
      id: p.id,
      card: p.card_blob,
      blob: p.blob ?? own.devicePhotos.get(p.id)?.blob,
      image_url: p.image_url,
    }),
    state: p.blob
      ? ('device' as const)
      : photoState({ blobUploaded: own.devicePhotos.get(p.id)?.uploaded, listingFailed, online }),
  }))
  const onSave = () => {
    const found = validate()
    if (Object.keys(found).length > 0) {
      setTab('details')
      const first = DETAILS_FIELD_ORDER.find((f) => f in found)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus())
      return
    }
    void save(draftId, flush)
  }
  const cancel = async () => {
    await actions.discard(draftId)
    void navigate(paths.home)
  }
  const act = async (fn: () => Promise<void>, message: string, then?: () => void) => {
    setManaging(true)
    try {
      await fn()
      toast({ title: message })
      then?.()
    } finally {
      setManaging(false)
    }
  }
  const cover = draft.photos[0]
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10">
      {/* Which listing this is, so a seller who came from a list of similar items knows where they are. */}
      <header className="min-w-0">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t('edit.title')}</h1>
        <p className="mt-1 truncate text-stone-700">{own.listing.title}</p>
      </header>
      {changedElsewhere && (
        <p role="status" className="rounded-xl bg-amber-100 p-4 text-stone-900">
          {t('edit.changedElsewhere')}
        </p>
      )}
      {own.listing.sync_state !== 'synced' && <ListingProgress own={own} onFix={() => setTab('details')} />}
      <div role="tablist" aria-label={t('edit.title')} className="grid grid-cols-3 gap-1 rounded-full bg-stone-100 p-1">
        {TABS.map(([id, label]) => (
          <button
            key={id}
            role="tab"
            type="button"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            onClick={() => setTab(id)}
            className={cx(
              'h-11 rounded-full text-sm font-semibold focus-visible:outline-3 focus-visible:outline-green-700',
              tab === id ? 'bg-white text-green-900 shadow-sm' : 'text-stone-700 hover:text-stone-900',
            )}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} ref={formRef}>
        {tab === 'upload' && (
          <UploadStep
            draftId={draftId}
            photos={photos}
            mode="edit"
            onReorder={(next) => void actions.reorder(draftId, next)}
            onRemove={(id) => void actions.remove(draftId, ids, id)}
            onPrimary={onSave}
            onCancel={() => void cancel()}
            saving={saving}
          />
        )}
        {tab === 'details' && (
          <div className="flex flex-col gap-6">
            <DetailsForm values={values} errors={errors} onChange={change} disabled={saving} />
            <EditButtons saving={saving} overLimit={overLimit} onCancel={() => void cancel()} onSave={onSave} />
          </div>
        )}
        {tab === 'preview' && (
          <div className="flex flex-col gap-6">
            {isPreviewReady(values) ? (
              <ReviewCard values={values} cover={cover ? photos[0]!.src : null} photoCount={photos.length} />
            ) : (
              <p className="rounded-xl bg-amber-100 p-4 text-stone-900">{t('preview.incompleteText')}</p>
            )}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <Button variant="outline" onClick={() => setTab('details')} disabled={saving}>
                {t('preview.backToEdit')}
              </Button>
              <Button onClick={onSave} disabled={saving}>
                {saving ? t('upload.savingChanges') : t('upload.saveChanges')}
              </Button>
            </div>
          </div>
        )}
      </div>
      <ManageListing
        listing={own.listing}
        busy={managing || saving}
        onStatus={(status) =>
          void act(
            () => setStatus(own.listing.id, status),
            status === 'sold' ? t('sellFlow.markedSold') : t('sellFlow.markedAvailable'),
          )
        }
        onDelete={() =>
          void act(
            async () => {
              await actions.discard(draftId)
              await remove(own.listing.id)
            },
            t('sellFlow.deleted'),
            () => void navigate(paths.home),
          )
        }
      />
    </div>
  )
}

function EditButtons({
  saving,
  overLimit,
  onCancel,
  onSave,
}: {
  saving: boolean
  overLimit: boolean
  onCancel(): void
  onSave(): void
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        {t('common.cancel')}
      </Button>
      <Button onClick={onSave} disabled={saving || overLimit}>
        {saving ? t('upload.savingChanges') : t('upload.saveChanges')}
      </Button>
    </div>
  )
}
