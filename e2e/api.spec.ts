import { expect, test } from '@playwright/test'
import { APP_URL, E2E_API_URL } from './env.ts'

test.describe('local stack API', () => {
  test("/health answers a fetch from the app's origin (CORS allows it)", async ({ page }) => {
    await page.goto('/')
    const body = await page.evaluate(async (url) => (await fetch(`${url}/health`)).json(), E2E_API_URL)
    expect(body).toEqual({ status: 'ok' })
  })

  test('CORS names the app origin and no other', async ({ request }) => {
    const ours = await request.get(`${E2E_API_URL}/health`, { headers: { Origin: APP_URL } })
    expect(ours.headers()['access-control-allow-origin']).toBe(APP_URL)
    const theirs = await request.get(`${E2E_API_URL}/health`, { headers: { Origin: 'https://evil.example' } })
    expect(theirs.headers()['access-control-allow-origin']).toBeUndefined()
  })
})
