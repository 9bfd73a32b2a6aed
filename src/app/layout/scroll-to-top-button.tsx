import { useEffect, useState } from 'react'
import { cx } from '@/ui/cx'
import { showScrollToTop, showScrollToTopOn } from '@/domain/scroll'
import { t } from '@/i18n'

export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    // Phones: the width below Tailwind's md, where the tab bar and one column of content share the screen.
    const phone = window.matchMedia?.('(max-width: 767.98px)')
    let previous = window.scrollY
    const update = () => {
      const y = window.scrollY
      const from = previous // the updater runs later, in React's render
      previous = y
      setVisible((shown) =>
        showScrollToTopOn({ scrollYPx: y, previousYPx: from, phone: phone?.matches ?? false, shown }),
      )
    }
    // A page that opens already scrolled (back/forward) shows it, on a phone too, until the next scroll down.
    const atOpen = () => setVisible(showScrollToTop(window.scrollY))
    atOpen()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])

  if (!visible) return null
  return (
    <button
      type="button"
      aria-label={t('nav.scrollToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className={cx(
        // Above the bottom tab bar; wide screens have none (the tabs are in the header).
        'fixed right-4 bottom-20 lg:bottom-6 z-30 flex h-12 w-12 items-center justify-center rounded-full bg-green-800 text-white shadow-lg',
        // Above a screen's own bottom bar on phones (the item page's "Message Seller"), not over its button.
        'max-md:[body:has([data-bottom-bar])_&]:bottom-40',
        'hover:bg-green-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700',
      )}
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M12 19V5M6 11l6-6 6 6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  )
}
