/**
 * The sandbox provider: the local stack's stand-in gateway (supabase/local/payments), reached over HTTP at
 * SUPABASE_URL/sandbox-pay with the service_role key, so only server code can create or read gateways. Its payment
 * link is a checkout page with Pay and Cancel that redirects like a real gateway. It exists only on the local
 * stack; hosted deployments set the Payrexx secrets.
 */
import type { Env } from '../env.ts'
import { required } from '../env.ts'
import type { Gateway, GatewayRequest, PaymentProvider } from './provider.ts'

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const
  private readonly base: string
  private readonly key: string

  constructor(env: Env) {
    this.base = `${required(env, 'SUPABASE_URL')}/sandbox-pay/api/gateways`
    this.key = required(env, 'SUPABASE_SERVICE_ROLE_KEY')
  }

  private headers(): Record<string, string> {
    return { apikey: this.key, Authorization: `Bearer ${this.key}`, 'Content-Type': 'application/json' }
  }

  async createGateway(request: GatewayRequest): Promise<Gateway> {
    const res = await fetch(this.base, { method: 'POST', headers: this.headers(), body: JSON.stringify(request) })
    if (!res.ok) throw new Error(`sandbox gateway create answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as Gateway
  }

  async getGateway(id: string): Promise<Gateway | null> {
    const res = await fetch(`${this.base}/${encodeURIComponent(id)}`, { headers: this.headers() })
    if (res.status === 404) return null
    if (!res.ok) throw new Error(`sandbox gateway retrieve answered ${res.status}: ${await res.text()}`)
    return (await res.json()) as Gateway
  }
}
