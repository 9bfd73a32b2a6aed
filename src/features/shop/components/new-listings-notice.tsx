import { t } from '@/i18n'
import { clearNewListings, useNewListingsCount } from '@/data'

/**
 * "N new listings": listings created by others since the user last looked, announced by realtime. Tapping it shows
 * the feed's first page (the newest) and clears the count. Nothing while there is none.
 */
export function NewListingsNotice({ onShow }: { onShow: () => void }) {
  const count = useNewListingsCount()
  if (count === 0) return null
  return (
    <div className="flex justify-center" aria-live="polite">
      <button
        type="button"
        className="min-h-11 rounded-full bg-green-800 px-4 py-2 text-sm font-semibold text-white shadow-md hover:bg-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
        onClick={() => {
          clearNewListings()
          onShow()
        }}
      >
        {count === 1 ? t('feed.newListingsOne') : t('feed.newListingsMany', { count })}
      </button>
    </div>
  )
}
