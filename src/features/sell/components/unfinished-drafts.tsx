import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { useDraftActions } from '../hooks/use-draft-actions'
import { useUnfinishedDrafts } from '../hooks/use-sell-draft'
import { blobUrl } from '../photos/photo-src'

/** docs/decisions.md#D-sell-drafts: the sell pages offer to continue an unfinished listing a reset set aside (nothing is ever lost). */
export function UnfinishedDrafts() {
  const drafts = useUnfinishedDrafts()
  const actions = useDraftActions()
  if (!drafts?.length) return null
  return (
    <section aria-label={t('sellFlow.unfinishedTitle')} className="flex flex-col gap-3">
      {drafts.map(({ draft, photoCount, cover }) => {
        const title =
          typeof draft.fields.title === 'string' && draft.fields.title.trim()
            ? draft.fields.title.trim()
            : t('sellFlow.unfinishedUntitled')
        return (
          <div key={draft.id} className="flex items-center gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-3">
            {cover && (
              <img
                src={blobUrl(`cover-${draft.id}`, cover)}
                alt=""
                className="h-14 w-14 shrink-0 rounded-lg object-cover"
              />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-stone-900">{t('sellFlow.unfinishedTitle')}</p>
              <p className="truncate text-sm text-stone-700">
                {t('sellFlow.unfinishedText', { title, count: photoCount })}
              </p>
            </div>
            <div className="flex shrink-0 flex-col gap-1 sm:flex-row sm:gap-2">
              <Button size="sm" onClick={() => void actions.resume(draft.id)}>
                {t('sellFlow.continue')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => void actions.discard(draft.id)}>
                {t('sellFlow.discard')}
              </Button>
            </div>
          </div>
        )
      })}
    </section>
  )
}
