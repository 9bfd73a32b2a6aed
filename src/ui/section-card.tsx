import { useId, type ReactNode } from 'react'
import { cx } from './cx'

export interface SectionCardProps {
  /** The section's heading; the section is labelled by it. */
  title: ReactNode
  /** Shown on the heading's line, at its end (a badge, an Edit button, a date). */
  aside?: ReactNode
  /** Extra classes for the card (its inner layout: `flex flex-col gap-4`). */
  className?: string
  children?: ReactNode
}

/**
 * A titled white card on the page: the one shape of the profile's, the plan's and the listing's sections. The card
 * is a landmark named by its heading, so a screen reader lists it among the page's regions.
 */
export function SectionCard({ title, aside, className, children }: SectionCardProps) {
  const headingId = useId()
  const heading = (
    <h2 id={headingId} className="text-lg font-semibold text-stone-900">
      {title}
    </h2>
  )
  return (
    <section
      aria-labelledby={headingId}
      className={cx('rounded-2xl border border-stone-200 bg-white p-5 sm:p-6', className)}
    >
      {aside ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  )
}
