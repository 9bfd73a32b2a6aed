// The price plan (docs/product.md §1 audiences, §2.2 pricing section, §7.4 payment amounts, §9 pricing).
import { MONTHLY_PRICE_CHF, RAPPEN_PER_CHF, TRIAL_MONTH_PRICE_CHF, WELCOME_MONTH_PRICE_CHF } from './constants'

export interface PriceTier {
  /** First month of the tier, 1-based; the last tier runs on ("Month 3+"). */
  readonly fromMonth: number
  readonly priceChf: number
  readonly recurring: boolean
}

export const PRICE_TIERS: readonly PriceTier[] = [
  { fromMonth: 1, priceChf: TRIAL_MONTH_PRICE_CHF, recurring: false },
  { fromMonth: 2, priceChf: WELCOME_MONTH_PRICE_CHF, recurring: false },
  { fromMonth: 3, priceChf: MONTHLY_PRICE_CHF, recurring: true },
]

/** The price charged for a given month of membership (1-based). */
export function priceForMonthChf(month: number): number {
  const tier = [...PRICE_TIERS].reverse().find((t) => month >= t.fromMonth) ?? PRICE_TIERS[0]
  return tier?.priceChf ?? 0
}

/** Francs to the payment function's unit, hundredths of a franc (Rappen), rounded to a whole Rappen. */
export const chfToRappen = (chf: number): number => Math.round(chf * RAPPEN_PER_CHF)
