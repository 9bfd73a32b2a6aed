import fs from 'node:fs'

/**
 * Removes the run's data directory. Playwright stops the web server after global teardown, so the removal waits
 * for the runner's exit, when `npm start` has shut down.
 */
export default function globalTeardown(): void {
  const dir = process.env.KREIS_E2E_DATA_DIR
  if (!dir) return
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
}
