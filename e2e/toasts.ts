/**
 * Toasts as the page showed them. A toast stays TOAST_DURATION_MS (5 s) and then goes; on a busy machine one look of
 * the test's at the page can take longer than that, so a check that waits to see the toast on screen may look
 * only after it went. The page records each toast's text itself when it appears, and the test reads the record.
 */
import { expect, type Page } from '@playwright/test'

declare global {
  interface Window {
    __kreisToasts?: string[]
  }
}

/** Records every toast the page shows from its next load on (call before `page.goto`). */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = (window.__kreisToasts = [])
    const seen = new WeakSet<Element>()
    const look = () => {
      for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
        if (seen.has(toast)) continue
        seen.add(toast)
        shown.push([...toast.querySelectorAll('p')].map((p) => p.textContent ?? '').join('\n'))
      }
    }
    new MutationObserver(look).observe(document, { childList: true, subtree: true })
  })
}

/** The toasts the page has shown since it loaded, each as its title and description lines. */
export const shownToasts = (page: Page): Promise<string[]> => page.evaluate(() => window.__kreisToasts ?? [])

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Waits until the page has shown a toast titled `title` (with the description `description`, if given); a failure
 * lists the toasts it did show.
 */
export async function expectToast(
  page: Page,
  title: string,
  { description, timeout = 30_000 }: { description?: string; timeout?: number } = {},
): Promise<void> {
  const rest = description === undefined ? '(\\n|$)' : `\\n${literally(description)}$`
  await expect
    .poll(() => shownToasts(page), { timeout, message: `the page showed the toast "${title}"` })
    .toContainEqual(expect.stringMatching(new RegExp(`^${literally(title)}${rest}`)))
}
