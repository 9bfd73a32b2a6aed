// The user's payments as the plan page lists them (docs/product.md §2.12; docs/decisions.md#D-plan-screens): date, amount in CHF, status.
import { RAPPEN_PER_CHF } from './constants'
import { timestampMs } from './subscription'

export const PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'failed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** A row of the payments table, as the owner reads it. */
export interface PaymentSummary {
  readonly id: string
  /** Hundredths of CHF (200 or 500). */
  readonly amount: number
  readonly status: string
  readonly created_at: string
  readonly paid_at: string | null
}

/** Francs from the payment's Rappen. */
export const rappenToChf = (rappen: number): number => rappen / RAPPEN_PER_CHF

/** The date a payment is listed under: when it was paid, else when it was started. */
export const paymentDateMs = (p: PaymentSummary): number => timestampMs(p.paid_at) ?? timestampMs(p.created_at) ?? 0

/** A status outside the known four (a newer server) is listed as pending rather than hidden. */
export const paymentStatus = (status: string): PaymentStatus =>
  (PAYMENT_STATUSES as readonly string[]).includes(status) ? (status as PaymentStatus) : 'pending'

/** Newest first; ties by id so the order is stable. */
export const sortPayments = (ps: readonly PaymentSummary[]): PaymentSummary[] =>
  [...ps].sort((a, b) => paymentDateMs(b) - paymentDateMs(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
