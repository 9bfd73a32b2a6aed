import fs from 'node:fs'

/** Removes the catalogue run's data directories once the runner exits (after `npm start` has shut down). */
export default function globalTeardown(): void {
  // playwright.config.ts, which the catalogue config extends, makes its own (unused here) directory too.
  const dirs = [process.env.KREIS_E2E_CATALOGUE_DATA_DIR, process.env.KREIS_E2E_DATA_DIR].filter(
    (d): d is string => !!d,
  )
  process.on('exit', () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
  })
}
