/**
 * Cold start of the local stack on an existing data directory: a fresh process, from spawn to a 200 on /health,
 * the way `npm run stack` starts it (node supabase/local/launch.mjs: the prebuilt bundle, no tsx). The data
 * directory is created (migrated + seeded) once beforehand and then reopened several times; that first start also
 * builds the bundle if the sources changed.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { percentile, type Figure } from './figure.ts'

const RUNS = 5
const PORT = 54391

async function waitForHealth(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`stack exited with ${child.exitCode}`)
    try {
      const r = await fetch(url)
      if (r.ok) return
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 10))
  }
}

async function startOnce(dataDir: string): Promise<number> {
  const t0 = performance.now()
  const child = spawn(process.execPath, ['supabase/local/launch.mjs'], {
    env: { ...process.env, KREIS_DATA_DIR: dataDir, KREIS_API_PORT: String(PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    await waitForHealth(`http://127.0.0.1:${PORT}/health`, child)
    return performance.now() - t0
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
}

export async function run(): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-bench-start-'))
  try {
    const first = await startOnce(dataDir)
    const samples: number[] = []
    for (let i = 0; i < RUNS; i++) samples.push(await startOnce(dataDir))
    const command = 'npm run bench -- stack'
    return [
      {
        figure: 'local stack cold start, existing data dir (median of 5)',
        value: percentile(samples, 50),
        unit: 'ms',
        // Issue 15: ≤ 1.5 s on an idle machine (≤ 2 s at load average 4); the load is in the note.
        budget: { op: '<=', limit: 1500 },
        command,
        note: `spawn → /health 200 from the prebuilt bundle (launch.mjs), Node start-up included; worst of ${RUNS}: ${Math.round(Math.max(...samples))} ms; load average ${os.loadavg()[0]!.toFixed(1)} at the end; first start on an empty directory (initdb + migrations + seed, bundle build if stale): ${Math.round(first)} ms`,
      },
    ]
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
