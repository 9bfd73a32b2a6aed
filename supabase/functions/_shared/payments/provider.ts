/**
 * The payment provider behind the functions (docs/architecture.md §4): Payrexx's REST API when its secrets are set
 * (PAYREXX_INSTANCE and PAYREXX_API_KEY), otherwise the local stack's sandbox, which behaves like a gateway:
 * a checkout page at the payment link that redirects to the success or cancel URL.
 */
import type { Env } from '../env.ts'
import { PayrexxProvider } from './payrexx.ts'
import { SandboxProvider } from './sandbox.ts'

export type ProviderName = 'payrexx' | 'sandbox'

/** Prices in hundredths of CHF: CHF 2 in the welcome month, CHF 5 after (docs/product.md §9). */
export const PLAN_AMOUNTS = [200, 500] as const
export const CURRENCY = 'CHF'

export interface GatewayRequest {
  /** Hundredths of the currency. */
  amount: number
  currency: string
  /** Our payment's id, so the gateway can be tied back to exactly one payment. */
  referenceId: string
  purpose: string
  successRedirectUrl: string
  failedRedirectUrl: string
  cancelRedirectUrl: string
}

/** Payrexx' gateway states; `confirmed` is the one that means paid. */
export type GatewayStatus =
  'waiting' | 'confirmed' | 'cancelled' | 'declined' | 'authorized' | 'reserved' | (string & {})

export interface Gateway {
  id: string
  status: GatewayStatus
  /** Where the payer goes to pay. */
  link: string
  amount: number
  currency: string
  referenceId: string
}

export interface PaymentProvider {
  readonly name: ProviderName
  createGateway(request: GatewayRequest): Promise<Gateway>
  /** null when the provider knows no such gateway. */
  getGateway(id: string): Promise<Gateway | null>
}

export function configuredProvider(env: Env): PaymentProvider {
  return env('PAYREXX_INSTANCE') && env('PAYREXX_API_KEY') ? new PayrexxProvider(env) : new SandboxProvider(env)
}

/** The provider a payment was made with (it may differ from today's configuration). */
export function providerNamed(env: Env, name: string): PaymentProvider {
  if (name === 'payrexx') return new PayrexxProvider(env)
  if (name === 'sandbox') return new SandboxProvider(env)
  throw new Error(`unknown payment provider ${name}`)
}
