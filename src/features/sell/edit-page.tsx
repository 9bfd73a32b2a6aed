import { useEffect, useRef } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { paths } from '@/config/paths'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { toast } from '@/ui/toast/toast-store'
import { EditForm } from './components/edit-form'
import { RequireSeller, Spinner } from './components/require-seller'
import { useEditDraft } from './hooks/use-edit-draft'

/** /sell/edit/:listingId (docs/product.md §2.10 edit screen, §7.2 edit load and save). */
export function EditPage() {
  const { listingId = '' } = useParams()
  return <RequireSeller>{(userId) => <Edit listingId={listingId} userId={userId} />}</RequireSeller>
}

function Edit({ listingId, userId }: { listingId: string; userId: string }) {
  const load = useEditDraft(listingId, userId)
  const navigate = useNavigate()
  const left = useRef(false)
  useEffect(() => {
    if (load.state !== 'refused' || left.current) return
    left.current = true
    toast(renderToast(TOASTS.editLoadFailed))
    void navigate(paths.home, { replace: true })
  }, [load.state, navigate])
  if (load.state !== 'ready') return <Spinner label={t('edit.loading')} />
  return <EditForm key={load.draft.draft.id} own={load.own} draft={load.draft} />
}
