import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { startFakePayrexx, type FakePayrexx } from './fake-payrexx.ts'

const INSTANCE = 'kreis-test'
const SECRET = 'payrexx-api-secret'
let ts: TestStack
let payrexx: FakePayrexx

beforeAll(async () => {
  payrexx = await startFakePayrexx(INSTANCE, SECRET)
  ts = await startTestStack({
    functionsEnv: { PAYREXX_INSTANCE: INSTANCE, PAYREXX_API_KEY: SECRET, PAYREXX_API_BASE_URL: payrexx.baseUrl },
  })
})

afterAll(async () => {
  await ts?.stop()
  await payrexx?.close()
})

describe('the Payrexx adapter (against a local stand-in of its API)', () => {
  it('creates a signed CHF gateway with the return URLs and activates the subscription once Payrexx says confirmed', async () => {
    const u = await ts.newUser()
    // A new account owes the welcome price (CHF 2); create-payment refuses any other amount.
    const created = await u.client.functions.invoke('create-payment', { body: { userId: u.id, amount: 200 } })
    expect(created.error).toBeNull()
    const [gateway] = [...payrexx.gateways.values()].filter((g) => created.data.paymentUrl === g.link)
    expect(gateway).toBeDefined()

    const post = payrexx.requests.find((r) => r.method === 'POST')!
    expect(post.path).toBe('/v1.0/Gateway/')
    expect(post.query).toEqual({ instance: INSTANCE })
    const { data: rows } = await u.client.from('payments').select('id, provider, gateway_id, amount')
    const payment = (rows as { id: string; provider: string; gateway_id: string; amount: number }[])[0]!
    expect(payment).toMatchObject({ provider: 'payrexx', gateway_id: String(gateway!.id), amount: 200 })
    const site = ts.stack.config.siteUrl
    expect(post.form).toMatchObject({
      amount: '200',
      currency: 'CHF',
      referenceId: payment.id,
      successRedirectUrl: `${site}/payment-success?userId=${u.id}&gatewayId=${payment.id}`,
      failedRedirectUrl: `${site}/payment-failed?userId=${u.id}&gatewayId=${payment.id}`,
      cancelRedirectUrl: `${site}/payment-failed?userId=${u.id}&gatewayId=${payment.id}`,
    })

    const body = { userId: u.id, gatewayId: payment.id }
    const early = await u.client.functions.invoke('handle-payment-success', { body })
    expect(early.error).toBeInstanceOf(FunctionsHttpError)
    expect(await (early.error as FunctionsHttpError).context.json()).toEqual({
      error: 'the payment is not completed (waiting)',
    })

    payrexx.confirm(gateway!.id)
    const done = await u.client.functions.invoke('handle-payment-success', { body })
    expect(done.error).toBeNull()
    expect(done.data).toEqual({ status: 'active', alreadyProcessed: false })
    const get = payrexx.requests.filter((r) => r.method === 'GET').at(-1)!
    expect(get.path).toBe(`/v1.0/Gateway/${gateway!.id}/`)
    expect(get.query).toEqual({ instance: INSTANCE, ApiSignature: expect.any(String) })
    const { rows: profiles } = await ts.stack.ctx.db.pg.query<{ subscription_status: string }>(
      `select subscription_status from public.profiles where id = $1`,
      [u.id],
    )
    expect(profiles[0]!.subscription_status).toBe('active')
  })

  it('records nothing when Payrexx refuses the request (here: a wrong API secret)', async () => {
    const u = await ts.newUser()
    ts.stack.config.functionsEnv.PAYREXX_API_KEY = 'not-the-secret'
    try {
      const { error } = await u.client.functions.invoke('create-payment', { body: { userId: u.id, amount: 200 } })
      expect(error).toBeInstanceOf(FunctionsHttpError)
      const res = (error as FunctionsHttpError).context as Response
      expect([res.status, await res.json()]).toEqual([500, { error: 'internal error' }])
      expect(payrexx.requests.at(-1)!.method).toBe('POST')
      expect((await u.client.from('payments').select('id')).data).toEqual([])
    } finally {
      ts.stack.config.functionsEnv.PAYREXX_API_KEY = SECRET
    }
  })

  it('refuses a free sandbox checkout opened before Payrexx was configured, and records it failed', async () => {
    const u = await ts.newUser()
    const env = ts.stack.config.functionsEnv
    const saved = { PAYREXX_INSTANCE: env.PAYREXX_INSTANCE, PAYREXX_API_KEY: env.PAYREXX_API_KEY }
    delete env.PAYREXX_INSTANCE
    delete env.PAYREXX_API_KEY
    let gatewayId: string | null
    try {
      const created = await u.client.functions.invoke('create-payment', { body: { userId: u.id, amount: 200 } })
      expect(created.error).toBeNull()
      const res = await fetch(`${(created.data as { paymentUrl: string }).paymentUrl}/pay`, {
        method: 'POST',
        redirect: 'manual',
      })
      gatewayId = new URL(res.headers.get('location')!).searchParams.get('gatewayId')
    } finally {
      Object.assign(env, saved)
    }
    const late = await u.client.functions.invoke('handle-payment-success', { body: { userId: u.id, gatewayId } })
    expect(late.error).toBeInstanceOf(FunctionsHttpError)
    expect((late.error as FunctionsHttpError).context.status).toBe(409)
    const { rows } = await ts.stack.ctx.db.pg.query<{ status: string; subscription_status: string | null }>(
      `select p.status, f.subscription_status from public.payments p join public.profiles f on f.id = p.user_id where p.user_id = $1`,
      [u.id],
    )
    expect(rows).toEqual([{ status: 'failed', subscription_status: null }])
  })
})
