import { expect, test, type Page } from '@playwright/test'
import { DEFAULT_ANON_KEY } from '../supabase/local/config.ts'
import { APP_URL, E2E_API_URL } from './env.ts'

// Luca (demo seller) is in the welcome phase with no subscription: the one who would pay CHF 2.
const LUCA = { email: 'luca@demo.kreis.ch', password: 'kreis-demo', id: '00000000-0000-4000-8000-000000000002' }

interface Api {
  signIn(email: string, password: string): Promise<string>
  invoke(token: string, name: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }>
  myProfile(token: string): Promise<Record<string, unknown>>
  latestPaymentId(token: string): Promise<string>
}

/** Calls the local stack from inside the page, so CORS and the browser's fetch are part of what is tested. */
async function api(page: Page): Promise<Api> {
  const call = (path: string, init: { method: string; token?: string; body?: unknown }) =>
    page.evaluate(
      async ({ url, key, path, init }) => {
        const res = await fetch(url + path, {
          method: init.method,
          headers: { apikey: key, authorization: `Bearer ${init.token ?? key}`, 'content-type': 'application/json', accept: 'application/vnd.pgrst.object+json' },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        })
        return { status: res.status, body: (await res.json()) as Record<string, unknown> }
      },
      { url: E2E_API_URL, key: DEFAULT_ANON_KEY, path, init },
    )
  return {
    async signIn(email, password) {
      const r = await call('/auth/v1/token?grant_type=password', { method: 'POST', body: { email, password } })
      expect(r.status).toBe(200)
      return r.body.access_token as string
    },
    invoke: (token, name, body) => call(`/functions/v1/${name}`, { method: 'POST', token, body }),
    async myProfile(token) {
      const r = await call('/rest/v1/my_profile?select=subscription_status,last_payment_date', { method: 'GET', token })
      expect(r.status).toBe(200)
      return r.body
    },
    async latestPaymentId(token) {
      const r = await call('/rest/v1/payments?select=id&order=created_at.desc&limit=1', { method: 'GET', token })
      expect(r.status).toBe(200)
      return r.body.id as string
    },
  }
}

test.describe('subscription payment through the sandbox provider, in a browser (issue 3)', () => {
  test('pay on the checkout page → back on /payment-success → handle-payment-success activates the plan', async ({ page }) => {
    await page.goto('/')
    const stack = await api(page)
    const token = await stack.signIn(LUCA.email, LUCA.password)
    expect((await stack.myProfile(token)).subscription_status).not.toBe('active')

    const created = await stack.invoke(token, 'create-payment', { userId: LUCA.id, amount: 200 })
    expect(created.status).toBe(200)
    await page.goto(created.body.paymentUrl as string)
    await expect(page.getByText('CHF 2.00').first()).toBeVisible()
    await page.getByRole('button', { name: /^Pay/ }).click()

    await page.waitForURL((url) => url.origin === APP_URL && url.pathname === '/payment-success')
    const back = new URL(page.url())
    expect(back.searchParams.get('userId')).toBe(LUCA.id)
    const gatewayId = back.searchParams.get('gatewayId')
    expect(gatewayId).toBeTruthy()

    const handled = await stack.invoke(token, 'handle-payment-success', { userId: LUCA.id, gatewayId })
    expect(handled.status).toBe(200)
    const profile = await stack.myProfile(token)
    expect(profile.subscription_status).toBe('active')
    expect(profile.last_payment_date).toBeTruthy()
  })

  test('cancel on the checkout page → /payment-failed, and the gateway cannot be claimed as paid', async ({ page }) => {
    await page.goto('/')
    const stack = await api(page)
    const token = await stack.signIn('sophie@demo.kreis.ch', 'kreis-demo')
    const sophieId = '00000000-0000-4000-8000-000000000003'

    const created = await stack.invoke(token, 'create-payment', { userId: sophieId, amount: 200 })
    expect(created.status).toBe(200)
    const gatewayId = await stack.latestPaymentId(token)
    await page.goto(created.body.paymentUrl as string)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL((url) => url.origin === APP_URL && url.pathname === '/payment-failed')

    await page.goto('/')
    const claimed = await stack.invoke(token, 'handle-payment-success', { userId: sophieId, gatewayId })
    expect(claimed.status).toBeGreaterThanOrEqual(400)
    expect((await stack.myProfile(token)).subscription_status).not.toBe('active')
  })
})
