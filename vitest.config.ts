import { defineConfig } from 'vitest/config'
import path from 'node:path'

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          // Sized for a loaded 2-core CI machine (findBy* may wait up to 10 s, src/testing/setup.ts).
          testTimeout: 30_000,
          // Projects with different worker limits run as separate groups, one after another.
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'scripts',
          // The repository's own checks (citations, commit messages): plain Node, no browser, no stack.
          sequence: { groupOrder: 0 },
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'sync-integration',
          sequence: { groupOrder: 2 },
          // Not *.test.ts, so that the app project (src/**/*.test.ts) does not also pick these files up.
          include: ['src/**/*.integration.ts'],
          environment: 'node',
          globalSetup: ['supabase/local/testing/global-setup.ts'],
          // Each file runs its own local stack (PGlite); one at a time next to the stack project's two.
          pool: 'forks',
          maxWorkers: 1,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          sequence: { groupOrder: 1 },
          include: ['supabase/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['supabase/local/testing/global-setup.ts'],
          // Each file runs its own PGlite (~0.5 GiB); two at a time fits the 2-core CI machine.
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
