/**
 * Registers one shard of the seeded fault scenarios (split over several files so the test runner can spread them
 * over the cores). FAULT_SEED=<n> replays a single seed in every shard file; FAULT_BASE=<n> FAULT_COUNT=<n> soaks
 * other seeds (e.g. FAULT_BASE=1 FAULT_COUNT=20000 for a long run).
 */
import { expect, it } from 'vitest'
import { runFaultScenario } from './fault-scenario'

/** Scenarios in all shards together (≥ 1,000 per `npm test`). */
export const FAULT_SCENARIOS = 1_000
export const FAULT_SHARDS = 4
const BASE_SEED = 20_261_122

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {}

export function registerFaultShard(shard: number): void {
  const perShard = Math.ceil(Number(env.FAULT_COUNT ?? FAULT_SCENARIOS) / FAULT_SHARDS)
  const base = Number(env.FAULT_BASE ?? BASE_SEED)
  const seeds = env.FAULT_SEED ? [Number(env.FAULT_SEED)] : Array.from({ length: perShard }, (_, i) => base + shard * perShard + i)
  it(`loses and duplicates no acknowledged write, picks the last edit, and converges every mirror (${seeds.length} seeded scenarios)`, async () => {
    const failures: string[] = []
    for (const seed of seeds) {
      try {
        await runFaultScenario(seed)
      } catch (e) {
        failures.push(`seed ${seed}: ${(e as Error).message}\n  replay: FAULT_SEED=${seed} npx vitest run --project app src/sync/faults/`)
        if (failures.length >= 3) break
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([])
  }, 600_000)
}
