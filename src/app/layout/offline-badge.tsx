import { useOnlineStatus } from '@/ui/use-online-status'

/** "Offline" in the header while the browser has no network; a live region, so the change is announced. */
export function OfflineBadge() {
  const online = useOnlineStatus()
  return (
    <span role="status" className="contents">
      {!online && (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-200 px-2.5 py-1 text-xs font-semibold text-stone-900">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-amber-700" />
          Offline
        </span>
      )}
    </span>
  )
}
