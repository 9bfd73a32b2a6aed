import { cx } from './cx'

/** A grey placeholder block with the size of what is loading, so the page does not shift when it arrives. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('motion-safe:animate-pulse rounded-lg bg-stone-200', className)} />
}
