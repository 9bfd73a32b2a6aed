/**
 * The details form's values, kept in the draft as the seller types (debounced), so a reload or a killed tab
 * loses nothing; `flush()` saves at once (Back, Next, Save). Errors appear on the first failed Next and then
 * follow the typing, so a fixed field clears at once; a value past one of the server's limits is marked as it is
 * typed (`overLimit` then holds, and Next / Save are disabled).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { updateDraftFields, useDatabase, type SellDraft } from '@/data'
import { limitErrors, validateDetails, type DetailsFormValues } from '@/domain/listing-form'
import { changesOnTop, draftValues, editBase } from '@/domain/sell-flow'
import type { DetailsErrors } from '../components/details-form'

const SAVE_DELAY_MS = 400

const sameDetails = (a: DetailsFormValues, b: DetailsFormValues): boolean =>
  (Object.keys(a) as (keyof DetailsFormValues)[]).every((k) => a[k] === b[k])

const errorsOf = (values: DetailsFormValues): DetailsErrors => {
  const r = validateDetails(values)
  return r.ok ? {} : r.errors
}

export function useDraftValues(draft: SellDraft) {
  const db = useDatabase()
  const draftId = draft.draft.id
  const [values, setValues] = useState<DetailsFormValues>(() => draftValues(draft.draft.fields))
  const [errors, setErrors] = useState<DetailsErrors>(() => limitErrors(errorsOf(values)))
  const [changedElsewhere, setChangedElsewhere] = useState(false)
  const attempted = useRef(false)
  const latest = useRef(values)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  // An edit draft: the version of the listing it stands on (what the seller's changes are measured against).
  const base = useRef({ values: editBase(draft.draft.fields), editedAt: draft.draft.fields.base_edited_at })

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    const on = base.current.values ? { base: base.current.values, base_edited_at: base.current.editedAt } : {}
    await updateDraftFields(db, draftId, { ...latest.current, ...on }, Date.now())
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

  /** Validates (docs/product.md §5 schema); returns the errors found (none: valid). */
  const validate = useCallback((): DetailsErrors => {
    attempted.current = true
    const found = errorsOf(latest.current)
    setErrors(found)
    return found
  }, [])

  /**
   * The listing was edited elsewhere (edited_at moved): the form takes that version, keeping each field the seller
   * changed here; `changedElsewhere` then holds (not for a new edited_at alone, e.g. the server's own stamp of this
   * device's save, which moves the base silently). A draft without a recorded base is left alone.
   */
  const rebase = useCallback(
    (current: DetailsFormValues, editedAt: string): void => {
      const { values: was, editedAt: wasAt } = base.current
      if (!was || wasAt === editedAt) return
      const next = changesOnTop(was, latest.current, current)
      base.current = { values: current, editedAt }
      latest.current = next
      setValues(next)
      setErrors(attempted.current ? errorsOf(next) : limitErrors(errorsOf(next)))
      void flush()
      if (!sameDetails(was, current)) setChangedElsewhere(true)
    },
    [flush],
  )

  const overLimit = Object.keys(limitErrors(errors)).length > 0
  return { values, errors, overLimit, change, flush, validate, rebase, changedElsewhere }
}
