import { formatPrice } from '@/domain/listing-view'
import { rappenToChf } from '@/domain/payments'

/** "23 December 2026": the plan's dates, without the time of day. */
export const formatPlanDate = (d: Date | number): string =>
  new Date(d).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Zurich' })

/** "23 Nov 2026": a date in a list row. */
export const formatShortDate = (d: Date | number): string =>
  new Date(d).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Zurich' })

/** "CHF 2.00" from Rappen. */
export const formatRappen = (rappen: number): string => formatPrice(rappenToChf(rappen))
