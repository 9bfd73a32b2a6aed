import { useRef, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import type { SellDraft } from '@/data'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { DETAILS_FIELD_ORDER, DetailsForm } from './components/details-form'
import { RequireSeller, Spinner } from './components/require-seller'
import { SellShell } from './components/sell-shell'
import { useDraftForStep } from './hooks/use-draft-for-step'
import { useDraftValues } from './hooks/use-draft-values'

/** /sell/details (docs/product.md §2.10 details step): Back saves without validating; Next validates, saves, previews. */
export function DetailsPage() {
  return (
    <RequireSeller>
      {() => (
        <SellShell step="details">
          <Details />
        </SellShell>
      )}
    </RequireSeller>
  )
}

function Details() {
  const sd = useDraftForStep()
  if (!sd) return <Spinner label={t('sellFlow.loading')} />
  return <DetailsForDraft key={sd.draft.id} sd={sd} />
}

/** Focuses the first invalid field, in the form's order. */
export function focusFirstInvalid(form: HTMLFormElement | null, invalid: readonly string[]): void {
  const first = DETAILS_FIELD_ORDER.find((f) => invalid.includes(f))
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
}

function DetailsForDraft({ sd }: { sd: SellDraft }) {
  const navigate = useNavigate()
  const { values, errors, overLimit, change, flush, validate } = useDraftValues(sd)
  const formRef = useRef<HTMLFormElement>(null)
  const back = async () => {
    await flush()
    void navigate(paths.sellUpload)
  }
  const next = async (e: FormEvent) => {
    e.preventDefault()
    const found = validate()
    if (Object.keys(found).length > 0) return focusFirstInvalid(formRef.current, Object.keys(found))
    await flush()
    void navigate(paths.sellPreview)
  }
  return (
    <form ref={formRef} onSubmit={(e) => void next(e)} noValidate className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold text-stone-900">{t('details.title')}</h2>
        <p className="mt-1 text-stone-700">{t('details.subtitle')}</p>
      </div>
      <DetailsForm values={values} errors={errors} onChange={change} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => void back()}>
          {t('common.back')}
        </Button>
        <Button type="submit" disabled={overLimit}>
          {t('details.next')}
        </Button>
      </div>
    </form>
  )
}
