/**
 * Helpers shared by the in-browser bench figures (bench/dexie.ts): opening the bench page, timing a step with the
 * CPU Chromium used meanwhile, and the machine-load line every note carries.
 */
import os from 'node:os'
import type { BrowserContext, Page } from 'playwright-core'
import './bench-api.ts'
import { descendantCpuMs } from './cpu-time.ts'
import { percentile } from '../figure.ts'

export const COMMAND = 'npm run bench -- dexie'

export const median = (xs: number[]) => percentile(xs, 50)
export const fmt = (ms: number) => `${ms.toFixed(1)} ms`

/** The machine is shared: every note says how busy it was, since IndexedDB work is CPU-bound. */
export const machineLoad = () =>
  `Load average (1 min) ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores.`

/** A new page in `context` with the bench page loaded and `window.bench` ready. */
export async function openBenchPage(context: BrowserContext, origin: string): Promise<Page> {
  const page = await context.newPage()
  page.on('pageerror', (e) => console.error(`[bench page] ${e.message}`))
  await page.goto(origin)
  await page.waitForFunction(() => document.title === 'bench ready')
  return page
}

/**
 * Runs `step` and returns its result with the CPU used meanwhile by Chromium (all its processes) and by this Node
 * process (which hosts the local stack in the sync figures).
 */
export async function measured<T>(step: () => Promise<T>): Promise<{ value: T; cpuMs: number; nodeCpuMs: number }> {
  const c0 = descendantCpuMs()
  const n0 = process.cpuUsage()
  const value = await step()
  const n = process.cpuUsage(n0)
  return { value, cpuMs: descendantCpuMs() - c0, nodeCpuMs: (n.user + n.system) / 1000 }
}
