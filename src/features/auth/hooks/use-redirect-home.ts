import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { REDIRECT_AFTER_AUTH_MS } from '@/domain/constants'
import { paths } from '@/config/paths'

/** Once `active`, goes to / after 1.5 s (docs/product.md §2.5, §9), replacing the auth screen in the history. */
export function useRedirectHome(active: boolean): void {
  const navigate = useNavigate()
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => void navigate(paths.home, { replace: true }), REDIRECT_AFTER_AUTH_MS)
    return () => clearTimeout(timer)
  }, [active, navigate])
}
