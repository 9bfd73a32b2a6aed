/**
 * Cold start of the local stack on an existing data directory: a fresh process, from spawn to a 200 on /health.
 * The data directory is created (migrated + seeded) once beforehand and then reopened several times.
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'], {
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
        budget: { op: '<=', limit: 2000 },
        command,
        note: `spawn → /health 200, including Node + tsx start-up; worst of ${RUNS}: ${Math.round(Math.max(...samples))} ms; first start on an empty directory (initdb + migrations + seed): ${Math.round(first)} ms`,
      },
    ]
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
