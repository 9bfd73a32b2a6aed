/**
 * `npm start` (docs/architecture.md §3): builds the PWA, starts the local Supabase stack (data in .kreis/, migrated and seeded
 * on first run) and serves the built app with SPA fallback on the site URL's port (4173), then prints both URLs
 * and the demo accounts. Ctrl-C stops both cleanly. The app is served with its security headers (security-headers.ts).
 *
 * The bundle is built against this stack: VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY default to the stack's URL
 * and anon key (set them to build against another project). Only the anon key goes into the bundle.
 */
import path from 'node:path'
import { build, preview } from 'vite'
import { loadStack } from '../supabase/local/launch.mjs'
import { formatDemoAccounts } from './demo-accounts.ts'
import { securityHeaders } from './security-headers.ts'
import { closeOnSignal } from './shutdown.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

// The local stack from its prebuilt bundle (supabase/local/launch.mjs), as `npm run stack` starts it: no tsx
// transform of the stack's TypeScript at start.
const stackModules = loadStack()

async function main(): Promise<void> {
  const { loadConfig, startStack } = await stackModules
  const config = loadConfig()
  process.env.VITE_SUPABASE_URL ||= config.apiUrl
  process.env.VITE_SUPABASE_ANON_KEY ||= config.anonKey

  // One after the other: in one process, PGlite's WASM start-up holds the event loop the build also needs.
  let started = Date.now()
  await build({ root: ROOT, logLevel: 'warn' })
  console.log(
    `[kreis] built the app into ${process.env.KREIS_BUILD_DIR || 'dist'}/ in ${Date.now() - started} ms (API: ${process.env.VITE_SUPABASE_URL})`,
  )

  started = Date.now()
  const stack = await startStack(config)
  const { migration } = stack
  console.log(
    `[kreis] local Supabase stack ready in ${Date.now() - started} ms (data: ${config.dataDir ?? 'memory'}; ` +
      `${migration.fresh ? 'new database' : 'existing database'}, ${migration.applied.length} migrations applied` +
      `${migration.seeded ? ', seeded' : ''})`,
  )

  const site = new URL(config.siteUrl)
  let server: Awaited<ReturnType<typeof preview>>
  try {
    server = await preview({
      root: ROOT,
      logLevel: 'warn',
      preview: {
        host: site.hostname,
        port: Number(site.port) || 4173,
        strictPort: true,
        open: false,
        headers: securityHeaders(
          path.join(ROOT, process.env.KREIS_BUILD_DIR || 'dist'),
          process.env.VITE_SUPABASE_URL || config.apiUrl,
        ),
      },
    })
  } catch (e) {
    await stack.close()
    throw e
  }
  closeOnSignal(async () => {
    await server.close()
    await stack.close()
  })

  const appUrl = server.resolvedUrls?.local[0] ?? config.siteUrl
  console.log(
    [
      '',
      '  Kreis is running',
      `    App:  ${appUrl}`,
      `    API:  ${stack.url}   (anon key: see README; Supabase CLI defaults)`,
      '',
      formatDemoAccounts(),
      '',
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  )
}

main().catch(async (e) => {
  const { DataDirLockedError } = await stackModules.catch(() => ({ DataDirLockedError: null }))
  console.error(DataDirLockedError && e instanceof DataDirLockedError ? `[kreis] ${e.message}` : e)
  process.exit(1)
})
