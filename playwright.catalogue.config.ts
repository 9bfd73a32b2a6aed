/**
 * The catalogue journey (e2e/catalogue.spec.ts) on its own stack: `npm start` on a fresh data directory of its own,
 * which the spec fills with 20,000 generated listings (npm run seed:scale's generator) before the journey, so the
 * 48-listing stack the other specs share is never touched. Same browser and options as playwright.config.ts; its
 * own default ports (app 4174, API 54332), or KREIS_E2E_APP_PORT / KREIS_E2E_API_PORT as there.
 * `npx playwright test -c playwright.catalogue.config.ts` (npm run test:e2e runs it after the main run).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import base from './playwright.config.ts'

process.env.KREIS_E2E_APP_PORT ||= '4174'
process.env.KREIS_E2E_API_PORT ||= '54332'
process.env.KREIS_E2E_CATALOGUE_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-e2e-catalogue-'))
const appUrl = `http://localhost:${process.env.KREIS_E2E_APP_PORT}`
const apiUrl = `http://127.0.0.1:${process.env.KREIS_E2E_API_PORT}`
const dataDir = process.env.KREIS_E2E_CATALOGUE_DATA_DIR

export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: 'catalogue.spec.ts',
  outputDir: `test-results-catalogue-${process.env.KREIS_E2E_APP_PORT}`,
  globalTeardown: './e2e/catalogue-teardown.ts',
  use: { ...base.use, baseURL: appUrl },
  webServer: {
    ...(Array.isArray(base.webServer) ? base.webServer[0] : base.webServer)!,
    url: appUrl,
    env: {
      KREIS_DATA_DIR: dataDir,
      KREIS_API_PORT: process.env.KREIS_E2E_API_PORT,
      KREIS_SITE_URL: appUrl,
      KREIS_AUTH_RATE_LIMIT: '100000',
      VITE_SUPABASE_URL: apiUrl,
      VITE_SUPABASE_ANON_KEY: '',
    },
  },
})
