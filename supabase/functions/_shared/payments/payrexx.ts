/**
 * Payrexx REST API v1.0 (https://developers.payrexx.com/reference/rest-api): gateway create and retrieve, signed
 * as their docs describe — ApiSignature = base64(HMAC-SHA256(http_build_query(params), API secret)) over every
 * parameter except `instance`, which travels in the query string. Only web-standard APIs (fetch, WebCrypto), so it
 * runs on Deno and Node alike. PAYREXX_API_BASE_URL points it at a stand-in (tests); it defaults to Payrexx.
 */
import type { Env } from '../env.ts'
import { required } from '../env.ts'
import { httpBuildQuery, type QueryParams } from './php-query.ts'
import type { Gateway, GatewayRequest, PaymentProvider } from './provider.ts'

export const PAYREXX_DEFAULT_BASE_URL = 'https://api.payrexx.com/v1.0/'

export async function payrexxSignature(query: string, apiSecret: string): Promise<string> {
  const enc = new TextEncoder()
  const key = await crypto.subtle.importKey('raw', enc.encode(apiSecret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(query)))
  let binary = ''
  for (const byte of mac) binary += String.fromCharCode(byte)
  return btoa(binary)
}

interface PayrexxGateway {
  id: number | string
  status: string
  link: string
  amount: number
  currency: string
  referenceId?: string | null
}

interface PayrexxResponse {
  status: 'success' | 'error'
  message?: string
  data?: PayrexxGateway[]
}

const toGateway = (g: PayrexxGateway): Gateway => ({
  id: String(g.id),
  status: g.status,
  link: g.link,
  amount: Number(g.amount),
  currency: g.currency,
  referenceId: g.referenceId ?? '',
})

export class PayrexxProvider implements PaymentProvider {
  readonly name = 'payrexx' as const
  private readonly instance: string
  private readonly secret: string
  private readonly base: string

  constructor(env: Env) {
    this.instance = required(env, 'PAYREXX_INSTANCE')
    this.secret = required(env, 'PAYREXX_API_KEY')
    const base = env('PAYREXX_API_BASE_URL') || PAYREXX_DEFAULT_BASE_URL
    this.base = base.endsWith('/') ? base : `${base}/`
  }

  private url(path: string, extra = ''): string {
    return `${this.base}${path}?instance=${encodeURIComponent(this.instance)}${extra}`
  }

  private async read(res: Response, what: string): Promise<PayrexxGateway | null> {
    const body = (await res.json().catch(() => null)) as PayrexxResponse | null
    if (res.status === 404) return null
    if (!res.ok || !body || body.status !== 'success' || !body.data?.[0]) {
      throw new Error(`Payrexx ${what} failed (${res.status}): ${body?.message ?? 'no message'}`)
    }
    return body.data[0]
  }

  async createGateway(r: GatewayRequest): Promise<Gateway> {
    const params: QueryParams = [
      ['amount', r.amount],
      ['currency', r.currency],
      ['purpose', r.purpose],
      ['referenceId', r.referenceId],
      ['successRedirectUrl', r.successRedirectUrl],
      ['failedRedirectUrl', r.failedRedirectUrl],
      ['cancelRedirectUrl', r.cancelRedirectUrl],
    ]
    const query = httpBuildQuery(params)
    const body = `${query}&ApiSignature=${encodeURIComponent(await payrexxSignature(query, this.secret))}`
    const res = await fetch(this.url('Gateway/'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    })
    const gateway = await this.read(res, 'gateway create')
    if (!gateway) throw new Error('Payrexx gateway create answered 404')
    return toGateway(gateway)
  }

  async getGateway(id: string): Promise<Gateway | null> {
    // A GET has no parameters besides instance, so the signature is that of the empty query string.
    const signature = encodeURIComponent(await payrexxSignature('', this.secret))
    const res = await fetch(this.url(`Gateway/${encodeURIComponent(id)}/`, `&ApiSignature=${signature}`))
    const gateway = await this.read(res, 'gateway retrieve')
    return gateway ? toGateway(gateway) : null
  }
}
