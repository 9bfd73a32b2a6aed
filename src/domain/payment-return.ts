// Payment calls and the payment return page (docs/product.md §2.13, §7.4).
import { amountDueRappen, paymentAmountRappen, type PlanProfile, type SubscriptionPhase } from './subscription'

/** The create-payment function's payload by phase alone: the user and the amount in Rappen (200 or 500). */
export const createPaymentPayload = (userId: string, phase: SubscriptionPhase) => ({
  userId,
  amount: paymentAmountRappen(phase),
})

/**
 * The payload the plan page sends: the amount the server will charge this profile (amountDueRappen: the welcome
 * price only once), so create-payment does not refuse it.
 */
export const paymentPayloadFor = (userId: string, profile: PlanProfile, now: Date) => ({
  userId,
  amount: amountDueRappen(profile, now),
})

/**
 * /payment-success reads userId and gatewayId from its query. Both present: confirm with handle-payment-success
 * ({userId, gatewayId}); either missing: go straight to /subscription-success (null here).
 */
export function paymentReturnParams(search: URLSearchParams): { userId: string; gatewayId: string } | null {
  const userId = search.get('userId')?.trim()
  const gatewayId = search.get('gatewayId')?.trim()
  return userId && gatewayId ? { userId, gatewayId } : null
}
