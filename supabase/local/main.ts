/** `npm run stack`: the local Supabase stack alone, until Ctrl-C. */
import { loadConfig } from './config.ts'
import { startStack } from './stack.ts'
import { DataDirLockedError } from './shared/data-lock.ts'

export async function runStack(): Promise<Awaited<ReturnType<typeof startStack>>> {
  const config = loadConfig()
  const started = Date.now()
  const stack = await startStack(config)
  const { migration } = stack
  console.log(
    `[kreis] local Supabase stack on ${stack.url} (data: ${config.dataDir ?? 'memory'}; ` +
      `${migration.fresh ? 'new database' : 'existing database'}, ${migration.applied.length} migrations applied` +
      `${migration.seeded ? ', seeded' : ''}; ready in ${Date.now() - started} ms)`,
  )
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`[kreis] ${signal}: stopping`)
    stack.close().then(
      () => process.exit(0),
      (e) => {
        console.error(e)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  return stack
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runStack().catch((e) => {
    console.error(e instanceof DataDirLockedError ? `[kreis] ${e.message}` : e)
    process.exit(1)
  })
}
