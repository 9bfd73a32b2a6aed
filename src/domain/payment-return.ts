// Payment calls and the payment return page (spec §2.13, §7.4).
import { amountDueRappen, type PlanProfile } from './subscription'

/** The create-payment function's payload: the user and the amount due in Rappen (200 or 500). */
export const createPaymentPayload = (userId: string, profile: PlanProfile, now: Date) => ({
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
