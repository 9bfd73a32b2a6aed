/**
 * `npm run seed:scale -- 100000`: fills a running local stack with N generated listings (supabase/seed/scale.ts).
 * The API's URL and service key come from the environment as the stack reads them (KREIS_API_URL or
 * KREIS_HOST/KREIS_API_PORT, SUPABASE_SERVICE_ROLE_KEY), else the stack's defaults. `--seed=N` varies the catalogue.
 */
import { loadConfig } from '../supabase/local/config.ts'
import { seedScale } from '../supabase/seed/scale.ts'

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const count = Number(args.find((a) => !a.startsWith('-')) ?? '10000')
  if (!Number.isInteger(count) || count <= 0)
    throw new Error('usage: npm run seed:scale -- <number of listings> [--seed=N]')
  const seedArg = args.find((a) => a.startsWith('--seed='))
  const config = loadConfig()
  const url = config.apiUrl
  console.log(`Writing ${count} listings to ${url} …`)
  const started = Date.now()
  await seedScale({
    url,
    serviceKey: config.serviceRoleKey,
    count,
    seed: seedArg ? Number(seedArg.slice(7)) : undefined,
    log: (line) => process.stdout.write(`\r${line}   `),
  })
  console.log(`\nDone: ${count} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
