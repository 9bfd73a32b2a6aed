import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { RequireSeller, Spinner } from './components/require-seller'
import { useDraftActions } from './hooks/use-draft-actions'

/** /sell (docs/product.md §2.1): resets the in-progress form and goes to the upload step. */
export function SellIndexPage() {
  return <RequireSeller>{() => <ResetAndGo />}</RequireSeller>
}

function ResetAndGo() {
  const { start } = useDraftActions()
  const navigate = useNavigate()
  useEffect(() => {
    let live = true
    void start().then(() => {
      if (live) void navigate(paths.sellUpload, { replace: true })
    })
    return () => {
      live = false
    }
  }, [start, navigate])
  return <Spinner label={t('sell.title')} />
}
