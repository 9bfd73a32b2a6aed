/**
 * The sandbox payment provider, served by the local stack under /sandbox-pay when no real provider is configured:
 *
 * - `POST /sandbox-pay/api/gateways` and `GET /sandbox-pay/api/gateways/:id`: create and read a gateway, for the
 *   payment functions only (service_role key), in the shape of supabase/functions/_shared/payments/provider.ts.
 * - `GET /sandbox-pay/checkout/:hash`: the checkout page at the gateway's link, showing the amount in CHF with Pay
 *   and Cancel; `POST …/pay` confirms the gateway and `POST …/cancel` cancels it, each answered with a 303 to the
 *   success or cancel URL, as a real gateway redirects.
 */
import { Hono, type Context } from 'hono'
import type { StackContext } from '../context.ts'
import { bearerToken } from '../shared/jwt.ts'
import { checkoutPage } from './checkout-page.ts'
import { SandboxStore, type SandboxGateway } from './sandbox-store.ts'

/** Largest sandbox charge, in hundredths (CHF 1,000,000.00). */
const MAX_AMOUNT_HUNDREDTHS = 100_000_000

const fail = (c: Context, status: 400 | 401 | 404, error: string) => c.json({ error }, status)

function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

export function createSandboxPayApi(ctx: StackContext): Hono {
  const store = new SandboxStore(ctx.db)
  const link = (g: SandboxGateway) => `${ctx.config.apiUrl}/sandbox-pay/checkout/${g.hash}`
  const asGateway = (g: SandboxGateway) => ({
    id: g.id,
    status: g.status,
    link: link(g),
    amount: g.amount,
    currency: g.currency,
    referenceId: g.referenceId,
  })
  const app = new Hono()

  app.use('/api/*', async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    const claims = token ? await ctx.jwt.verify(token).catch(() => null) : null
    if (claims?.role !== 'service_role') return fail(c, 401, 'the sandbox API takes the service_role key')
    await next()
  })

  app.post('/api/gateways', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null
    if (!body) return fail(c, 400, 'the body must be JSON')
    const { amount, currency, purpose, referenceId, successRedirectUrl, failedRedirectUrl, cancelRedirectUrl } = body
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || amount > MAX_AMOUNT_HUNDREDTHS) {
      return fail(c, 400, 'amount must be a positive integer (hundredths)')
    }
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
      return fail(c, 400, 'currency must be an ISO code')
    if (![successRedirectUrl, failedRedirectUrl, cancelRedirectUrl].every(isWebUrl)) {
      return fail(c, 400, 'the redirect URLs must be http(s) URLs')
    }
    const gateway = await store.create({
      amount,
      currency,
      purpose: typeof purpose === 'string' ? purpose : '',
      referenceId: typeof referenceId === 'string' ? referenceId : '',
      successUrl: successRedirectUrl as string,
      failedUrl: failedRedirectUrl as string,
      cancelUrl: cancelRedirectUrl as string,
    })
    return c.json(asGateway(gateway), 201)
  })

  app.get('/api/gateways/:id', async (c) => {
    const gateway = await store.byId(c.req.param('id'))
    return gateway ? c.json(asGateway(gateway)) : fail(c, 404, 'no such gateway')
  })

  app.get('/checkout/:hash', async (c) => {
    const gateway = await store.byHash(c.req.param('hash'))
    if (!gateway) return c.html('<!doctype html><title>Not found</title><p>No such payment.</p>', 404)
    const base = `/sandbox-pay/checkout/${gateway.hash}`
    return c.html(
      checkoutPage({
        amount: gateway.amount,
        currency: gateway.currency,
        purpose: gateway.purpose,
        status: gateway.status,
        payAction: `${base}/pay`,
        cancelAction: `${base}/cancel`,
      }),
    )
  })

  const settle = (status: 'confirmed' | 'cancelled') => async (c: Context) => {
    const gateway = await store.settle(c.req.param('hash') ?? '', status)
    if (!gateway) return c.html('<!doctype html><title>Not found</title><p>No such payment.</p>', 404)
    // A gateway settled earlier keeps its outcome; the payer is sent where that outcome leads.
    return c.redirect(gateway.status === 'confirmed' ? gateway.successUrl : gateway.cancelUrl, 303)
  }
  app.post('/checkout/:hash/pay', settle('confirmed'))
  app.post('/checkout/:hash/cancel', settle('cancelled'))
  return app
}
