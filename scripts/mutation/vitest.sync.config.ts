// Vitest config for Stryker's sync pass: the unit tests of src/sync and src/db, and those of the layers that use the
// engine through the data front door (src/data, src/shared, src/features, src/app: the shop's server search, the
// new-listings notice, the header's profile edits, the shell's start-up), which catch slips in it too. The
// 1,000-scenario fault suite (src/sync/faults) is left out: every covering mutant would re-run it. Integration files
// need the local stack.
import { defineConfig } from 'vitest/config'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

export default defineConfig({
  root,
  resolve: { alias: { '@': path.join(root, 'src') } },
  test: {
    include: ['src/{sync,db,data,shared,features,app}/**/*.test.{ts,tsx}'],
    // As the app project: sized for a loaded 2-core machine.
    testTimeout: 30_000,
    exclude: ['src/sync/faults/**', '**/node_modules/**'],
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
  },
})
