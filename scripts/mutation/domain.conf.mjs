// Stryker pass over the pure rules of docs/product.md (src/domain). Run with `npm run test:mutation -- domain`.
import { runFiles } from './run-files.mjs'

const files = runFiles('domain')

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/mutation/vitest.domain.config.ts' },
  mutate: ['src/domain/**/*.ts', '!src/domain/**/*.test.ts'],
  coverageAnalysis: 'perTest',
  // Reuses the last run's results for unchanged code and tests (reports/mutation/*.incremental.json).
  incremental: true,
  incrementalFile: files.incrementalFile,
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: files.htmlReport },
  jsonReporter: { fileName: files.jsonReport },
  tempDirName: files.tempDirName,
  thresholds: { high: 95, low: 90, break: 90 },
}
