/**
 * Installable and updatable (docs/decisions.md#D-pwa-updates) in real Chromium against `npm start`'s build: the manifest and the
 * worker make the app installable, and a new version of the worker waits for the user's "Reload" instead of
 * taking over by itself.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'

const BUILD_DIR = path.resolve(import.meta.dirname, '..', process.env.KREIS_BUILD_DIR || 'dist')

async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      )
    }
  })
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}

test.describe('installable and updatable', () => {
  test.use({ serviceWorkers: 'allow' })

  test('the manifest has id, icons, narrow and wide screenshots of their stated size, and the Sell and Messages shortcuts', async ({
    page,
    request,
  }) => {
    await page.goto('/')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    const manifest = await (await request.get(href!)).json()
    expect(manifest).toMatchObject({ id: '/', start_url: '/', scope: '/', display: 'standalone', name: 'Kreis' })
    const iconSizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)
    expect(iconSizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
    expect(manifest.shortcuts.map((s: { short_name: string; url: string }) => [s.short_name, s.url])).toEqual([
      ['Sell', '/sell'],
      ['Messages', '/messages'],
    ])
    const forms: string[] = []
    for (const shot of manifest.screenshots as { src: string; sizes: string; form_factor: string }[]) {
      const res = await request.get(shot.src)
      expect(res.status(), shot.src).toBe(200)
      const body = await res.body()
      expect(pngSize(body).join('x'), shot.src).toBe(shot.sizes)
      expect(body.length, `${shot.src} stays small`).toBeLessThan(200_000)
      forms.push(shot.form_factor)
    }
    expect(forms.sort()).toEqual(['narrow', 'wide'])
  })

  test('Chromium parses the manifest without errors, and the worker controls the page and answers offline', async ({
    page,
    context,
  }) => {
    await page.goto('/')
    await controlled(page)
    const cdp = await page.context().newCDPSession(page)
    // (Page.getInstallabilityErrors always reports "in-incognito" in a Playwright context, so the parts are checked.)
    const { errors } = await cdp.send('Page.getAppManifest')
    expect(errors).toEqual([])
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Wear stories, not trends.' })).toBeVisible()
    await context.setOffline(false)
  })

  test('a new version waits for "Reload" (no silent skipWaiting), then takes over and the page reloads', async ({
    page,
  }) => {
    const swFile = path.join(BUILD_DIR, 'sw.js')
    const original = fs.readFileSync(swFile, 'utf8')
    try {
      await page.goto('/')
      await controlled(page)
      await expect(page.getByText('A new version of Kreis is available')).toHaveCount(0)

      // A new deploy: the worker script changes on the server.
      fs.writeFileSync(swFile, `${original}\n// next version ${Date.now()}\n`)
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update())

      await expect(page.getByText('A new version of Kreis is available')).toBeVisible({ timeout: 15_000 })
      if (process.env.KREIS_SHOTS_DIR)
        await page.screenshot({ path: path.join(process.env.KREIS_SHOTS_DIR, 'update-prompt.png') })
      // It waits: the page keeps the worker it started with until the user chooses.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null)).toBe(
        true,
      )

      const reloaded = page.waitForEvent('load')
      await page.getByRole('button', { name: 'Reload' }).click()
      await reloaded
      await expect(page.getByRole('heading', { level: 1, name: 'Wear stories, not trends.' })).toBeVisible()
      const state = await page.evaluate(async () => {
        const reg = (await navigator.serviceWorker.getRegistration())!
        return { waiting: reg.waiting !== null, controlled: navigator.serviceWorker.controller !== null }
      })
      expect(state).toEqual({ waiting: false, controlled: true })
      await expect(page.getByText('A new version of Kreis is available')).toHaveCount(0)
    } finally {
      fs.writeFileSync(swFile, original)
    }
  })
})
