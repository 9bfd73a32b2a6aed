/**
 * Which Chromium the end-to-end tests drive, found without help: CHROMIUM_PATH when set, else the browser
 * Playwright installed for itself (`npx playwright install chromium`), else Debian's /usr/bin/chromium. Null when
 * none of them is on the machine.
 */
import fs from 'node:fs'
import { chromium } from '@playwright/test'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/** The candidates in the order they are tried (a missing one is skipped). */
export function browserCandidates(env: Record<string, string | undefined> = process.env): string[] {
  const own = (() => {
    try {
      return chromium.executablePath()
    } catch {
      return ''
    }
  })()
  return [env.CHROMIUM_PATH ?? '', own, DEBIAN_CHROMIUM].filter((p) => p !== '')
}

export function findBrowser(
  env: Record<string, string | undefined> = process.env,
  exists: (p: string) => boolean = fs.existsSync,
): string | null {
  return browserCandidates(env).find((p) => exists(p)) ?? null
}

/** The one line printed when there is no browser. */
export const NO_BROWSER =
  'No Chromium for the end-to-end tests: run `npx playwright install chromium` (or `apt-get install chromium`, or set CHROMIUM_PATH to a Chromium binary).'
