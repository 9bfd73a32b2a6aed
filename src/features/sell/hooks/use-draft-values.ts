/**
 * The details form's values, kept in the draft as the seller types (debounced), so a reload or a killed tab
 * loses nothing; `flush()` saves at once (Back, Next, Save). Errors appear on the first failed Next and then
 * follow the typing, so a fixed field clears at once; a value past one of the server's limits is marked as it is
 * typed (`overLimit` then holds, and Next / Save are disabled).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useDatabase } from '@/db/database-context'
import { updateDraftFields, type SellDraft } from '@/db/repositories/drafts'
import { limitErrors, validateDetails, type DetailsFormValues } from '@/domain/listing-form'
import { draftValues } from '@/domain/sell-flow'
import type { DetailsErrors } from '../components/details-form'

const SAVE_DELAY_MS = 400

const errorsOf = (values: DetailsFormValues): DetailsErrors => {
  const r = validateDetails(values)
  return r.ok ? {} : r.errors
}

export function useDraftValues(draft: SellDraft) {
  const db = useDatabase()
  const draftId = draft.draft.id
  const [values, setValues] = useState<DetailsFormValues>(() => draftValues(draft.draft.fields))
  const [errors, setErrors] = useState<DetailsErrors>(() => limitErrors(errorsOf(values)))
  const attempted = useRef(false)
  const latest = useRef(values)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    await updateDraftFields(db, draftId, { ...latest.current }, Date.now())
  }, [db, draftId])

  useEffect(
    () => () => {
      if (timer.current) void flush() // leaving the step with unsaved typing
    },
    [flush],
  )

  const change = useCallback(
    (next: DetailsFormValues) => {
      latest.current = next
      setValues(next)
      setErrors(attempted.current ? errorsOf(next) : limitErrors(errorsOf(next)))
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS)
    },
    [flush],
  )

  /** Validates (spec §5 schema); returns the errors found (none: valid). */
  const validate = useCallback((): DetailsErrors => {
    attempted.current = true
    const found = errorsOf(latest.current)
    setErrors(found)
    return found
  }, [])

  const overLimit = Object.keys(limitErrors(errors)).length > 0
  return { values, errors, overLimit, change, flush, validate }
}
