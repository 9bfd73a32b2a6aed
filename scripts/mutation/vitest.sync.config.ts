// Vitest config for Stryker's sync pass: the unit tests of src/sync and src/db. The 1,000-scenario fault suite
// (src/sync/faults) is left out: every covering mutant would re-run it. Integration files need the local stack.
import { defineConfig } from 'vitest/config'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

export default defineConfig({
  root,
  resolve: { alias: { '@': path.join(root, 'src') } },
  test: {
    include: ['src/sync/**/*.test.{ts,tsx}', 'src/db/**/*.test.{ts,tsx}'],
    exclude: ['src/sync/faults/**', '**/node_modules/**'],
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
  },
})
