// Vitest config for Stryker's domain pass: src/domain's own tests and the catalogue tests of src/i18n, which check
// the domain's toasts and messages against docs/product.md's words (the project config would also start the stack suites).
import { defineConfig } from 'vitest/config'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

export default defineConfig({
  root,
  resolve: { alias: { '@': path.join(root, 'src') } },
  test: {
    include: ['src/domain/**/*.test.ts', 'src/i18n/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
  },
})
