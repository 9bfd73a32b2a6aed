import { canLeaveUploadStep, isBelowUploadMinimum, isDropZoneVisible } from '@/domain/photos'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { useAddPhotos } from '../hooks/use-add-photos'
import { DropZone } from './drop-zone'
import { PhotoGrid, type GridPhoto } from './photo-grid'

export interface UploadStepProps {
  draftId: string
  photos: GridPhoto[]
  onReorder(ids: string[]): void
  onRemove(id: string): void
  mode: 'create' | 'edit'
  /** create: "Next: Item Details"; edit: "Save Changes". */
  onPrimary(): void
  onCancel(): void
  saving?: boolean
}

/** The upload step of docs/product.md §2.10 / §4 (also the edit screen's photo tab). */
export function UploadStep({
  draftId,
  photos,
  onReorder,
  onRemove,
  mode,
  onPrimary,
  onCancel,
  saving = false,
}: UploadStepProps) {
  const { add, preparing, problems, dismiss } = useAddPhotos(draftId, photos.length)
  const busy = preparing > 0
  const count = photos.length
  const primaryEnabled = canLeaveUploadStep(count, busy) && !saving
  return (
    <section className="flex flex-col gap-5" aria-labelledby="upload-title">
      <div>
        <h2 id="upload-title" className="text-xl font-semibold text-stone-900">
          {t('upload.title')}
        </h2>
        <p className="mt-1 text-stone-700">{t('upload.text')}</p>
      </div>
      <PhotoGrid photos={photos} preparing={preparing} onReorder={onReorder} onRemove={onRemove} disabled={saving} />
      {count > 1 && <p className="text-sm text-stone-600">{t('sellFlow.dragHint')}</p>}
      {isDropZoneVisible(count + preparing) && <DropZone onFiles={add} busy={busy} disabled={saving} />}
      {problems.length > 0 && (
        <ul className="flex flex-col gap-2" aria-live="polite">
          {problems.map((p) => (
            <li
              key={p.id}
              className="flex items-start justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
            >
              <span>{p.text}</span>
              <button
                type="button"
                onClick={() => dismiss(p.id)}
                className="shrink-0 rounded-lg px-2 py-1 font-semibold underline underline-offset-4"
              >
                {t('sellFlow.dismiss')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-stone-800" aria-live="polite">
        {t('upload.counter', { count })}
        {isBelowUploadMinimum(count) && (
          <span className="ml-1 font-medium text-red-700">{t('upload.minimumWarning')}</span>
        )}
      </p>
      {mode === 'create' && <p className="text-sm text-stone-600">{t('sellFlow.savedOnDevice')}</p>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onCancel} disabled={busy || saving}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onPrimary} disabled={!primaryEnabled}>
          {mode === 'create' ? t('upload.next') : saving ? t('upload.savingChanges') : t('upload.saveChanges')}
        </Button>
      </div>
    </section>
  )
}
