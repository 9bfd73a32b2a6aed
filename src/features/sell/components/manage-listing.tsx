import type { ListingRow } from '@/db/rows'
import { t } from '@/i18n'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { ConfirmButton } from '@/ui/confirm-button'

export interface ManageListingProps {
  listing: ListingRow
  busy: boolean
  onStatus(status: ListingRow['status']): void
  onDelete(): void
}

/** docs/decisions.md#D-my-listings: the seller marks an own listing sold (or available again) and deletes it, with a confirmation. */
export function ManageListing({ listing, busy, onStatus, onDelete }: ManageListingProps) {
  const sold = listing.status === 'sold'
  return (
    <section aria-labelledby="manage-title" className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="manage-title" className="text-lg font-semibold text-stone-900">
          {t('sellFlow.manage')}
        </h2>
        <Badge variant={sold ? 'destructive' : 'default'}>{sold ? t('sellFlow.statusSold') : t('sellFlow.statusActive')}</Badge>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" disabled={busy} onClick={() => onStatus(sold ? 'active' : 'sold')}>
          {sold ? t('sellFlow.markAvailable') : t('sellFlow.markSold')}
        </Button>
        <ConfirmButton
          title={t('sellFlow.deleteConfirmTitle')}
          description={t('sellFlow.deleteConfirmText')}
          confirmLabel={t('sellFlow.deleteConfirm')}
          cancelLabel={t('common.cancel')}
          disabled={busy}
          onConfirm={onDelete}
        >
          {t('sellFlow.delete')}
        </ConfirmButton>
      </div>
    </section>
  )
}
