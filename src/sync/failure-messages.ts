/**
 * The words of a write the server refused for good, in the UI language when shown. The device stores a reason code
 * (domain/errors.ts SyncFailure, chosen by the outbox kind's module: kinds/*.ts `refusal`); the rule for its words
 * is domain's `syncFailureMessage` and the words are the i18n catalogue's.
 *
 * Devices that ran versions before reason codes hold the English sentence itself (outbox `error`, rows'
 * `sync_error`, writes parked for another account): a sentence of the catalogue is read back as its code (so it
 * follows the UI language); any other (a server's words) is shown as stored.
 */
import { syncFailureMessage, type StoredSyncFailure, type SyncFailure, type SyncFailureCode } from '@/domain/errors'
import { render, type CatalogueKey } from '@/i18n'
// English's toasts only, not its whole catalogue: a visitor in another language would download it with the item
// and messages pages (each language's catalogue is a chunk of its own, src/i18n/load-locale.ts).
import { toasts as englishToasts } from '@/i18n/en/toasts'

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The codes whose words are one catalogue sentence, as older versions wrote them in English, each as a pattern
 * (`{value}` captures what the sentence quoted). Built per call: only sentences stored before codes need it.
 */
const legacyPatterns = (): (readonly [SyncFailureCode, RegExp])[] =>
  (
    [
      ['listing_create_failed', 'toast.createListingFailed'],
      ['listing_edit_failed', 'toast.editSaveFailed'],
      ['listing_requirements', 'toast.listingRequirements'],
      ['invalid_condition', 'toast.invalidCondition'],
      ['invalid_category', 'toast.invalidCategory'],
      ['message_send_failed', 'toast.messageSendFailed'],
      ['write_failed', 'toast.somethingWrong'],
    ] as const satisfies readonly (readonly [SyncFailureCode, CatalogueKey & keyof typeof englishToasts])[]
  ).map(
    ([code, key]) =>
      [code, new RegExp(`^${escape(englishToasts[key]).replace(escape('{value}'), '(.*)')}$`, 's')] as const,
  )

/** A stored failure as a reason code (a sentence stored by an older version is matched to its code). */
export function syncFailureOf(stored: StoredSyncFailure): SyncFailure {
  if (typeof stored !== 'string') return stored
  for (const [code, pattern] of legacyPatterns()) {
    const m = pattern.exec(stored)
    if (m) return m[1] === undefined ? { code } : { code, detail: m[1] }
  }
  return { code: 'as_stored', detail: stored }
}

/** What a failed entity shows, in the UI language ('' when it holds no failure). */
export function renderSyncFailure(stored: StoredSyncFailure | undefined): string {
  return stored === undefined ? '' : render(syncFailureMessage(syncFailureOf(stored)))
}
