/**
 * The user-facing message (spec §8) for a write the server rejected for good, shown on the failed entity and in the
 * sync status. The rule lives in domain (`syncFailureToast`) and the words in the i18n catalogue; this only adapts
 * the transport's failure to them and keeps the description, which is what a failed row carries.
 */
import type { OutboxOp } from '@/db/rows'
import { PG_CHECK_VIOLATION, syncFailureToast } from '@/domain/errors'
import { render, t } from '@/i18n'
import type { Failure } from './protocol'
import { isScreenOp } from './screen-ops'

/** The fixed sentences a failed entity can carry (the others quote the server or the rejected value). */
export const SYNC_MESSAGES = {
  createListingFailed: t('toast.createListingFailed'),
  updateListingFailed: t('toast.editSaveFailed'),
  checkViolationGeneric: t('toast.listingRequirements'),
  sendMessageFailed: t('toast.messageSendFailed'),
  profileUpdateFailed: t('toast.somethingWrong'),
} as const

/** @param isNew whether the listing was never acknowledged by the server (create vs edit wording). */
export function failureMessage(op: OutboxOp, f: Failure, isNew: boolean): string {
  // The screens' operations (favourite, delete, picture, read mark) have no wording of their own in spec §8.
  if (isScreenOp(op)) return SYNC_MESSAGES.profileUpdateFailed
  // A transport may classify a CHECK failure without passing its SQLSTATE on.
  const code = f.code ?? (f.reason === 'check_violation' ? PG_CHECK_VIOLATION : undefined)
  const sent = op.kind === 'listing.upsert' ? op.listing : undefined
  const toast = syncFailureToast(op.kind, { code, message: f.message }, { isNew, sent })
  return render(toast.description ?? toast.title)
}
