// Stryker pass over the pure rules of spec.md (src/domain). Run with `npm run test:mutation -- domain`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/mutation/vitest.domain.config.ts' },
  mutate: ['src/domain/**/*.ts', '!src/domain/**/*.test.ts'],
  coverageAnalysis: 'perTest',
  // Reuses the last run's results for unchanged code and tests (reports/mutation/*.incremental.json).
  incremental: true,
  incrementalFile: 'reports/mutation/domain.incremental.json',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/domain.html' },
  jsonReporter: { fileName: 'reports/mutation/domain.json' },
  tempDirName: '.stryker-tmp/domain',
  thresholds: { high: 95, low: 90, break: 90 },
}
