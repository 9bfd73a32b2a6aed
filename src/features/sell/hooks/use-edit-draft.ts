/**
 * The edit screen's draft (docs/product.md §7.2 edit load): own listings only; the first time the draft starts from the
 * listing as the device has it — offline too — and records that version as its base. A listing edited elsewhere
 * since is taken in by the form (the seller's own changes kept on top: useDraftValues' rebase); a draft from before
 * bases were recorded starts again from the listing.
 */
import { useEffect, useRef, useState } from 'react'
import { editDraftId, startEditDraft, useDatabase, type OwnListing } from '@/data'
import { detailsFromListing } from '@/domain/listing-fields'
import { editBase, isEditDraftStale } from '@/domain/sell-flow'
import { useOwnListing } from './use-own-listing'
import { useSellDraft } from './use-sell-draft'
import { placeText } from '@/i18n/place-label'

export type EditLoad =
  | { state: 'loading' }
  | { state: 'refused' }
  | { state: 'ready'; own: OwnListing; draft: NonNullable<ReturnType<typeof useSellDraft>> }

export function useEditDraft(listingId: string, userId: string): EditLoad {
  const db = useDatabase()
  const own = useOwnListing(listingId)
  const draft = useSellDraft(editDraftId(listingId))
  const [checked, setChecked] = useState(false)
  const starting = useRef(false)
  const mine = own && own.listing.user_id === userId ? own : null
  const upToDate = Boolean(
    mine &&
    draft &&
    (editBase(draft.draft.fields) !== null ||
      !isEditDraftStale(draft.draft.fields.base_edited_at, mine.listing.edited_at)),
  )
  // Decided once: a newer version of the listing arriving while the seller edits does not reset their edit.
  if (!checked && upToDate) setChecked(true)

  useEffect(() => {
    if (checked || upToDate || starting.current || !mine || draft === undefined) return
    starting.current = true
    const base = detailsFromListing(mine.listing, placeText)
    const fields = { ...base, base, base_edited_at: mine.listing.edited_at }
    void startEditDraft(
      db,
      listingId,
      fields,
      mine.images.map((i) => ({ id: i.id, image_url: i.image_url })),
      Date.now(),
    ).then(() => {
      starting.current = false
      setChecked(true)
    })
  }, [checked, upToDate, mine, draft, db, listingId])

  if (own === null || (own && own.listing.user_id !== userId)) return { state: 'refused' }
  if (!checked || !own || !draft) return { state: 'loading' }
  return { state: 'ready', own, draft }
}
