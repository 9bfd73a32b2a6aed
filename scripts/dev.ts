/**
 * `npm run dev`: the local Supabase stack plus the Vite dev server (hot reload) on :5173. The service worker is
 * not active in dev (vite.config.ts devOptions); use `npm start` to try offline behaviour.
 */
import path from 'node:path'
import { createServer } from 'vite'
import { loadStack } from '../supabase/local/launch.mjs'
import { formatDemoAccounts } from './demo-accounts.ts'
import { closeOnSignal } from './shutdown.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const DEV_SITE_URL = 'http://localhost:5173'

// The local stack from its prebuilt bundle (supabase/local/launch.mjs), as `npm run stack` starts it: no tsx
// transform of the stack's TypeScript at start.
const stackModules = loadStack()

async function main(): Promise<void> {
  const { loadConfig, startStack } = await stackModules
  // Auth e-mails and redirects point at the dev server unless told otherwise.
  const config = loadConfig({ ...process.env, KREIS_SITE_URL: process.env.KREIS_SITE_URL || DEV_SITE_URL })
  process.env.VITE_SUPABASE_URL ||= config.apiUrl
  process.env.VITE_SUPABASE_ANON_KEY ||= config.anonKey

  const stack = await startStack(config)
  console.log(`[kreis] local Supabase stack on ${stack.url} (data: ${config.dataDir ?? 'memory'})`)

  const site = new URL(config.siteUrl)
  let server: Awaited<ReturnType<typeof createServer>>
  try {
    server = await createServer({
      root: ROOT,
      server: { host: site.hostname, port: Number(site.port) || 5173, strictPort: true },
    })
    await server.listen()
  } catch (e) {
    await stack.close()
    throw e
  }
  closeOnSignal(async () => {
    await server.close()
    await stack.close()
  })
  server.printUrls()
  console.log(`\n  API: ${stack.url}\n\n${formatDemoAccounts()}\n`)
}

main().catch(async (e) => {
  const { DataDirLockedError } = await stackModules.catch(() => ({ DataDirLockedError: null }))
  console.error(DataDirLockedError && e instanceof DataDirLockedError ? `[kreis] ${e.message}` : e)
  process.exit(1)
})
