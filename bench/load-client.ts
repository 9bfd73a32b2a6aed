/**
 * A closed-loop HTTP load generator in its own process, so that the clients' own work (fetch, reading bodies)
 * does not compete with the server for the same event loop: real clients are browsers on other machines.
 *
 * Run: `node --import tsx bench/load-client.ts <url> <apikey> <clients> <durationMs>`; prints
 * `{"latencies":[…ms],"seconds":n}` on stdout.
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'

export interface LoadRun {
  latencies: number[]
  seconds: number
}

/** `clients` closed-loop callers of `once` for `durationMs`. */
export async function closedLoop(clients: number, durationMs: number, once: () => Promise<void>): Promise<LoadRun> {
  const latencies: number[] = []
  const start = performance.now()
  const end = start + durationMs
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now()
        await once()
        latencies.push(performance.now() - t0)
      }
    }),
  )
  return { latencies, seconds: (performance.now() - start) / 1000 }
}

/**
 * One GET per call over keep-alive connections. node:http rather than fetch: its client costs less CPU, and on a
 * 2-core machine every cycle the clients spend is taken from the server being measured.
 */
export function httpGetLoop(url: string, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true })
  return () =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { headers, agent }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () => {
            if (res.statusCode === 200) resolve()
            else reject(new Error(`${url} answered ${res.statusCode}: ${Buffer.concat(chunks).toString()}`))
          })
          res.on('error', reject)
        })
        .on('error', reject)
    })
}

/** Runs the load in a child process against `url` (GET with the apikey header). */
export function loadInChild(url: string, apikey: string, clients: number, durationMs: number): Promise<LoadRun> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'load-client.ts'),
      url,
      apikey,
      String(clients),
      String(durationMs),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadRun) : reject(new Error(`load client exited ${code}`)),
    )
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [url, apikey, clients, durationMs] = process.argv.slice(2)
  const once = httpGetLoop(url!, { apikey: apikey!, 'Accept-Profile': 'public' })
  await closedLoop(Number(clients), 500, once)
  const run = await closedLoop(Number(clients), Number(durationMs), once)
  process.stdout.write(JSON.stringify(run))
}
