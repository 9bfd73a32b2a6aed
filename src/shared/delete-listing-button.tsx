import type { ReactNode } from 'react'
import { t } from '@/i18n'
import type { ButtonSize } from '@/ui/button'
import { ConfirmButton } from '@/ui/confirm-button'

export interface DeleteListingButtonProps {
  /** The button's words ("Delete listing" on the edit form, "Delete" in a row of My listings). */
  children: ReactNode
  busy: boolean
  onDelete(): void
  size?: ButtonSize
  /** A name that says which listing, where several rows each have a Delete. */
  accessibleName?: string
}

/** Deleting an own listing (docs/decisions.md#D-my-listings) asks first, in the same words wherever it is offered. */
export function DeleteListingButton({ children, busy, onDelete, size, accessibleName }: DeleteListingButtonProps) {
  return (
    <ConfirmButton
      title={t('sellFlow.deleteConfirmTitle')}
      description={t('sellFlow.deleteConfirmText')}
      confirmLabel={t('sellFlow.deleteConfirm')}
      cancelLabel={t('common.cancel')}
      size={size}
      accessibleName={accessibleName}
      disabled={busy}
      onConfirm={onDelete}
    >
      {children}
    </ConfirmButton>
  )
}
