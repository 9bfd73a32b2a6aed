/** Run before Playwright: stops `npm test` with one line saying how to get a browser when the machine has none. */
import { findBrowser, NO_BROWSER } from '../e2e/find-browser.ts'

const found = findBrowser()
if (!found) {
  console.error(NO_BROWSER)
  process.exit(1)
}
