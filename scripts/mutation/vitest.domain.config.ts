// Vitest config for Stryker's domain pass: only src/domain's own tests (the project config also starts the stack suites).
import { defineConfig } from 'vitest/config'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

export default defineConfig({
  root,
  resolve: { alias: { '@': path.join(root, 'src') } },
  test: {
    include: ['src/domain/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
  },
})
