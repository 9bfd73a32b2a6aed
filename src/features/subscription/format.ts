import { rappenToChf } from '@/domain/payments'
import { formatLongDate, formatPrice, formatShortDate as shortDate } from '@/i18n/format'

/** "23 December 2026" (in the active language): the plan's dates, without the time of day. */
export const formatPlanDate = (d: Date | number): string => formatLongDate(d)

/** "23 Nov 2026" (in the active language): a date in a list row. */
export const formatShortDate = (d: Date | number): string => shortDate(d)

/** "CHF 2.00" from Rappen (in the active language). */
export const formatRappen = (rappen: number): string => formatPrice(rappenToChf(rappen))
