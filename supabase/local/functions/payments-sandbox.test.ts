import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack, type TestUser } from '../testing/test-stack.ts'

let ts: TestStack

beforeAll(async () => {
  ts = await startTestStack()
})

afterAll(async () => {
  await ts?.stop()
})

interface Profile {
  subscription_status: string | null
  subscription_start_date: string | null
  last_payment_date: string | null
  updated_at: string
}

async function profile(userId: string): Promise<Profile> {
  const { rows } = await ts.stack.ctx.db.pg.query<Profile>(
    `select subscription_status, subscription_start_date::text, last_payment_date::text, updated_at::text
       from public.profiles where id = $1`,
    [userId],
  )
  return rows[0]!
}

async function failure(call: Promise<{ error: unknown }>): Promise<[number, unknown]> {
  const { error } = await call
  expect(error).toBeInstanceOf(FunctionsHttpError)
  const res = (error as FunctionsHttpError).context as Response
  return [res.status, await res.json()]
}

const createPayment = (u: TestUser, body: Record<string, unknown>) =>
  u.client.functions.invoke('create-payment', { body })
const handleSuccess = (u: TestUser, body: Record<string, unknown>) =>
  u.client.functions.invoke('handle-payment-success', { body })

/** create-payment, then the checkout page's button; returns where the sandbox sent the payer. */
async function checkout(
  u: TestUser,
  amount: number,
  button: 'pay' | 'cancel',
): Promise<{ page: string; location: URL }> {
  const { data, error } = await createPayment(u, { userId: u.id, amount })
  expect(error).toBeNull()
  const paymentUrl = (data as { paymentUrl: string }).paymentUrl
  const page = await (await fetch(paymentUrl)).text()
  const res = await fetch(`${paymentUrl}/${button}`, { method: 'POST', redirect: 'manual' })
  expect(res.status).toBe(303)
  return { page, location: new URL(res.headers.get('location')!) }
}

describe('create-payment', () => {
  it('refuses amounts other than the plan prices 200 and 500 with a JSON error', async () => {
    const u = await ts.newUser()
    for (const amount of [0, 100, 499, 501, 1000, '500', 5, null]) {
      expect(await failure(createPayment(u, { userId: u.id, amount }))).toEqual([
        400,
        { error: 'amount must be one of 200, 500 (hundredths of CHF)' },
      ])
    }
    expect(await failure(createPayment(u, { amount: 500 }))).toEqual([400, { error: 'userId must be a UUID' }])
  })

  it('refuses to charge anyone but the caller', async () => {
    const u = await ts.newUser()
    const other = await ts.newUser()
    expect(await failure(createPayment(u, { userId: other.id, amount: 500 }))).toEqual([
      403,
      { error: 'userId must be the signed-in user' },
    ])
    const { rows } = await ts.stack.ctx.db.pg.query(`select 1 from public.payments where user_id = $1`, [other.id])
    expect(rows).toEqual([])
  })

  it('records a pending payment and links to a checkout page showing the amount in CHF with Pay and Cancel', async () => {
    const u = await ts.newUser()
    // A new account owes the CHF 2 welcome price (create-payment charges the caller's phase).
    const { data } = await createPayment(u, { userId: u.id, amount: 200 })
    const paymentUrl = (data as { paymentUrl: string }).paymentUrl
    const page = await (await fetch(paymentUrl)).text()
    expect(page).toContain('CHF 2.00')
    expect(page).toMatch(/<button[^>]*>Pay CHF 2\.00<\/button>/)
    expect(page).toMatch(/<button[^>]*>Cancel<\/button>/)
    const { data: rows } = await u.client.from('payments').select('user_id, provider, amount, currency, status')
    expect(rows).toEqual([{ user_id: u.id, provider: 'sandbox', amount: 200, currency: 'CHF', status: 'pending' }])
  })
})

describe('paying through the sandbox and handle-payment-success', () => {
  it('activates the subscription after Pay, with start and last payment dates', async () => {
    const u = await ts.newUser()
    const { location } = await checkout(u, 200, 'pay')
    expect(`${location.origin}${location.pathname}`).toBe(`${new URL(ts.stack.config.siteUrl).origin}/payment-success`)
    expect(location.searchParams.get('userId')).toBe(u.id)
    const gatewayId = location.searchParams.get('gatewayId')!

    const { data, error } = await handleSuccess(u, { userId: u.id, gatewayId })
    expect(error).toBeNull()
    expect(data).toEqual({ status: 'active', alreadyProcessed: false })
    const p = await profile(u.id)
    expect(p.subscription_status).toBe('active')
    expect(p.subscription_start_date).not.toBeNull()
    expect(p.last_payment_date).toBe(p.subscription_start_date)
    const { data: payments } = await u.client.from('payments').select('status, paid_at')
    expect(payments).toEqual([{ status: 'paid', paid_at: expect.any(String) }])
  })

  it('is idempotent: a second call for the same payment changes nothing', async () => {
    const u = await ts.newUser()
    const { location } = await checkout(u, 200, 'pay')
    const body = { userId: u.id, gatewayId: location.searchParams.get('gatewayId') }
    await handleSuccess(u, body)
    const before = await profile(u.id)
    const { data, error } = await handleSuccess(u, body)
    expect(error).toBeNull()
    expect(data).toEqual({ status: 'active', alreadyProcessed: true })
    expect(await profile(u.id)).toEqual(before)
  })

  it('keeps the start date of the first payment and moves the last payment date on a later one', async () => {
    const u = await ts.newUser()
    const first = await checkout(u, 200, 'pay')
    await handleSuccess(u, { userId: u.id, gatewayId: first.location.searchParams.get('gatewayId') })
    const afterFirst = await profile(u.id)
    const second = await checkout(u, 500, 'pay')
    await handleSuccess(u, { userId: u.id, gatewayId: second.location.searchParams.get('gatewayId') })
    const afterSecond = await profile(u.id)
    expect(afterSecond.subscription_start_date).toBe(afterFirst.subscription_start_date)
    expect(afterSecond.last_payment_date! > afterFirst.last_payment_date!).toBe(true)
  })

  it('sends Cancel to the payment-failed page, and a cancelled payment does not activate anything', async () => {
    const u = await ts.newUser()
    const { data } = await createPayment(u, { userId: u.id, amount: 200 })
    const paymentUrl = (data as { paymentUrl: string }).paymentUrl
    const res = await fetch(`${paymentUrl}/cancel`, { method: 'POST', redirect: 'manual' })
    expect(res.status).toBe(303)
    const { data: rows } = await u.client.from('payments').select('id')
    const gatewayId = (rows as { id: string }[])[0]!.id
    const failedPage = `${ts.stack.config.siteUrl}/payment-failed?${new URLSearchParams({ userId: u.id, gatewayId })}`
    expect(res.headers.get('location')).toBe(failedPage)
    expect(await failure(handleSuccess(u, { userId: u.id, gatewayId }))).toEqual([
      409,
      { error: 'the payment is cancelled' },
    ])
    expect((await profile(u.id)).subscription_status).toBeNull()
    expect((await u.client.from('payments').select('status')).data).toEqual([{ status: 'cancelled' }])
    // Pay after Cancel keeps the gateway cancelled: the payer lands on the failure page again.
    const again = await fetch(`${paymentUrl}/pay`, { method: 'POST', redirect: 'manual' })
    expect(again.headers.get('location')).toBe(failedPage)
  })

  it('refuses unpaid, forged and other people’s gateway ids and changes nothing', async () => {
    const u = await ts.newUser()
    const other = await ts.newUser()
    const { data } = await createPayment(u, { userId: u.id, amount: 200 })
    expect(data).toHaveProperty('paymentUrl')
    const { data: mine } = await u.client.from('payments').select('id')
    const unpaid = (mine as { id: string }[])[0]!.id
    expect(await failure(handleSuccess(u, { userId: u.id, gatewayId: unpaid }))).toEqual([
      409,
      { error: 'the payment is not completed (waiting)' },
    ])
    const paid = await checkout(other, 200, 'pay')
    const othersGateway = paid.location.searchParams.get('gatewayId')
    expect(await failure(handleSuccess(u, { userId: u.id, gatewayId: othersGateway }))).toEqual([
      404,
      { error: 'no such payment' },
    ])
    expect(await failure(handleSuccess(u, { userId: other.id, gatewayId: othersGateway }))).toEqual([
      403,
      { error: 'userId must be the signed-in user' },
    ])
    expect(await failure(handleSuccess(u, { userId: u.id, gatewayId: crypto.randomUUID() }))).toEqual([
      404,
      { error: 'no such payment' },
    ])
    expect(await failure(handleSuccess(u, { userId: u.id, gatewayId: '17' }))).toEqual([
      400,
      { error: 'gatewayId must be a UUID' },
    ])
    expect((await profile(u.id)).subscription_status).toBeNull()
    expect((await profile(other.id)).subscription_status).toBeNull()
  })

  it('refuses a gateway paid with another amount than the payment recorded', async () => {
    const u = await ts.newUser()
    const { data } = await createPayment(u, { userId: u.id, amount: 200 })
    const paymentUrl = (data as { paymentUrl: string }).paymentUrl
    const hash = paymentUrl.split('/').pop()
    // The provider's record is the truth: here it says CHF 5 were paid for a CHF 2 payment.
    await ts.stack.ctx.db.pg.query(`update sandbox.gateways set amount = 500 where hash = $1`, [hash])
    await fetch(`${paymentUrl}/pay`, { method: 'POST', redirect: 'manual' })
    const { data: rows } = await u.client.from('payments').select('id')
    const gatewayId = (rows as { id: string }[])[0]!.id
    expect(await failure(handleSuccess(u, { userId: u.id, gatewayId }))).toEqual([
      409,
      { error: 'the amount paid does not match the payment' },
    ])
    expect((await profile(u.id)).subscription_status).toBeNull()
  })
})

describe('the payments table through the API', () => {
  it('shows members only their own payments and takes no writes from them', async () => {
    const u = await ts.newUser()
    const other = await ts.newUser()
    await checkout(other, 200, 'pay')
    expect((await u.client.from('payments').select('id')).data).toEqual([])
    const insert = await u.client.from('payments').insert({
      user_id: u.id,
      provider: 'sandbox',
      gateway_id: 'x',
      amount: 500,
      status: 'paid',
      paid_at: new Date().toISOString(),
    })
    expect(insert.error?.code).toBe('42501')
    await createPayment(u, { userId: u.id, amount: 200 })
    const update = await u.client.from('payments').update({ status: 'paid' }).eq('user_id', u.id).select()
    expect(update.error?.code).toBe('42501')
  })

  it('keeps the sandbox API to the service_role key', async () => {
    const u = await ts.newUser()
    const res = await fetch(`${ts.url}/sandbox-pay/api/gateways/1`, {
      headers: { apikey: ts.anonKey, Authorization: `Bearer ${u.accessToken}` },
    })
    expect(res.status).toBe(401)
  })

  it('lets the sandbox redirect only to http(s) URLs', async () => {
    const res = await fetch(`${ts.url}/sandbox-pay/api/gateways`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ts.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        amount: 500,
        currency: 'CHF',
        successRedirectUrl: 'javascript:alert(1)',
        failedRedirectUrl: 'http://localhost/f',
        cancelRedirectUrl: 'http://localhost/c',
      }),
    })
    expect([res.status, await res.json()]).toEqual([400, { error: 'the redirect URLs must be http(s) URLs' }])
  })
})
