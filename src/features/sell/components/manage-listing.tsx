import type { ListingRow } from '@/data'
import { t } from '@/i18n'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { DeleteListingButton } from '@/shared/delete-listing-button'
import { SectionCard } from '@/ui/section-card'

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
    <SectionCard
      title={t('sellFlow.manage')}
      className="flex flex-col gap-3"
      aside={
        <Badge variant={sold ? 'destructive' : 'default'}>
          {sold ? t('sellFlow.statusSold') : t('sellFlow.statusActive')}
        </Badge>
      }
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" disabled={busy} onClick={() => onStatus(sold ? 'active' : 'sold')}>
          {sold ? t('sellFlow.markAvailable') : t('sellFlow.markSold')}
        </Button>
        <DeleteListingButton busy={busy} onDelete={onDelete}>
          {t('sellFlow.delete')}
        </DeleteListingButton>
      </div>
    </SectionCard>
  )
}
