/**
 * A local stand-in for Payrexx' REST API v1.0 (gateway create and retrieve), for testing the real adapter without
 * the internet. It checks what Payrexx checks: the instance in the query string and the ApiSignature, recomputed
 * from the parameters it received (form-encoded again, as PHP's http_build_query would).
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeGateway {
  id: number
  status: string
  hash: string
  link: string
  amount: number
  currency: string
  referenceId: string
  purpose: string
  successRedirectUrl: string
  failedRedirectUrl: string
  cancelRedirectUrl: string
}

export interface FakeRequest {
  method: string
  path: string
  query: Record<string, string>
  form: Record<string, string>
}

export interface FakePayrexx {
  /** The API base to give the adapter as PAYREXX_API_BASE_URL. */
  baseUrl: string
  requests: FakeRequest[]
  gateways: Map<number, FakeGateway>
  /** What a payer completing the payment page would do. */
  confirm(id: number): void
  close(): Promise<void>
}

const sign = (secret: string, params: [string, string][]) =>
  crypto.createHmac('sha256', secret).update(new URLSearchParams(params).toString()).digest('base64')

export async function startFakePayrexx(instance: string, secret: string): Promise<FakePayrexx> {
  const requests: FakeRequest[] = []
  const gateways = new Map<number, FakeGateway>()
  let nextId = 1
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const form = Object.fromEntries(new URLSearchParams(raw))
      requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), form })
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      if (url.searchParams.get('instance') !== instance)
        return send(404, { status: 'error', message: 'No such instance' })
      const params = [...new URLSearchParams(req.method === 'GET' ? url.search : raw)].filter(
        ([k]) => k !== 'instance' && k !== 'ApiSignature',
      )
      const given = req.method === 'GET' ? url.searchParams.get('ApiSignature') : form.ApiSignature
      if (given !== sign(secret, params)) return send(401, { status: 'error', message: 'The API signature is invalid' })

      if (req.method === 'POST' && url.pathname === '/v1.0/Gateway/') {
        const id = nextId++
        const hash = crypto.randomBytes(8).toString('hex')
        const gateway: FakeGateway = {
          id,
          status: 'waiting',
          hash,
          link: `https://${instance}.payrexx.test/?payment=${hash}`,
          amount: Number(form.amount),
          currency: form.currency ?? '',
          referenceId: form.referenceId ?? '',
          purpose: form.purpose ?? '',
          successRedirectUrl: form.successRedirectUrl ?? '',
          failedRedirectUrl: form.failedRedirectUrl ?? '',
          cancelRedirectUrl: form.cancelRedirectUrl ?? '',
        }
        gateways.set(id, gateway)
        return send(200, { status: 'success', data: [gateway] })
      }
      const m = /^\/v1\.0\/Gateway\/(\d+)\/$/.exec(url.pathname)
      if (req.method === 'GET' && m) {
        const gateway = gateways.get(Number(m[1]))
        return gateway
          ? send(200, { status: 'success', data: [gateway] })
          : send(404, { status: 'error', message: 'No Gateway found' })
      }
      send(404, { status: 'error', message: 'No such endpoint' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1.0/`,
    requests,
    gateways,
    confirm(id) {
      const g = gateways.get(id)
      if (g) g.status = 'confirmed'
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
