/**
 * End-to-end tests against what `npm start` serves: the production build with its service worker, and a local
 * stack on a fresh data directory (migrated and seeded at start-up), so every run begins from the same data.
 * Chromium is found by e2e/find-browser.ts (CHROMIUM_PATH, Playwright's own, Debian's /usr/bin/chromium).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { APP_URL, E2E_API_PORT, E2E_API_URL } from './e2e/env.ts'
import { findBrowser } from './e2e/find-browser.ts'

// Workers evaluate this file again; the variable makes them all agree on the one directory the server uses.
process.env.KREIS_E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-e2e-'))
const dataDir = process.env.KREIS_E2E_DATA_DIR

export default defineConfig({
  testDir: 'e2e',
  // The catalogue journey runs on its own 20,000-listing stack (playwright.catalogue.config.ts).
  testIgnore: ['catalogue.spec.ts'],
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: process.env.KREIS_E2E_APP_PORT ? `test-results-${process.env.KREIS_E2E_APP_PORT}` : 'test-results',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: APP_URL,
    browserName: 'chromium',
    // The service worker is tested in offline.spec.ts, which allows it; elsewhere it would only add install work.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findBrowser() ?? undefined,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npm start',
    url: APP_URL,
    // Never reuse: a server that is already running has neither a fresh data directory nor this run's build.
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      KREIS_DATA_DIR: dataDir,
      KREIS_API_PORT: String(E2E_API_PORT),
      KREIS_SITE_URL: APP_URL,
      // The journeys sign in far more often than one person would: the per-IP auth limit (30 per 5 min) would
      // answer 429 halfway through the run. Its own behaviour is tested in supabase/local/auth/rate-limit.test.ts.
      KREIS_AUTH_RATE_LIMIT: '100000',
      VITE_SUPABASE_URL: E2E_API_URL,
      // Empty: start.ts then uses the stack's own anon key, whatever the caller's shell exports.
      VITE_SUPABASE_ANON_KEY: '',
    },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
