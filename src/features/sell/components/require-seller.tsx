import type { ReactNode } from 'react'
import { Navigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { useUserId } from '@/data'

/** docs/product.md §2.1: every /sell route sends a signed-out user to /auth, with a spinner while the session resolves. */
export function RequireSeller({ children }: { children: (userId: string) => ReactNode }) {
  const userId = useUserId()
  if (userId === null) return <Navigate to={paths.auth('signin')} replace />
  if (userId === undefined) return <Spinner label={t('sellFlow.checkingSession')} />
  return <>{children(userId)}</>
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-24 text-stone-700">
      <span
        aria-hidden="true"
        className="h-10 w-10 motion-safe:animate-spin rounded-full border-4 border-stone-200 border-t-green-800"
      />
      <span>{label}</span>
    </div>
  )
}
