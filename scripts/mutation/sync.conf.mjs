// Stryker pass over the sync engine (src/sync without its test harness and fault-suite shards).
// Run with `npm run test:mutation -- sync`.
import { runFiles } from './run-files.mjs'

const files = runFiles('sync')

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/mutation/vitest.sync.config.ts' },
  mutate: [
    'src/sync/**/*.ts',
    '!src/sync/**/*.test.ts',
    '!src/sync/**/*.test.tsx',
    '!src/sync/**/*.integration.ts',
    '!src/sync/testing/**',
    '!src/sync/faults/**',
  ],
  coverageAnalysis: 'perTest',
  // Reuses the last run's results for unchanged code and tests (reports/mutation/*.incremental.json).
  incremental: true,
  incrementalFile: files.incrementalFile,
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: files.htmlReport },
  jsonReporter: { fileName: files.jsonReport },
  tempDirName: files.tempDirName,
  thresholds: { high: 90, low: 80, break: 80 },
}
