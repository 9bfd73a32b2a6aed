/**
 * One line of `npm run bench`: a measured figure beside its budget (docs/architecture.md §6). Each bench module exports
 * `run(): Promise<Figure[]>`; bench/run.ts runs them and prints the table.
 */
export interface Figure {
  /** What was measured, e.g. "feed query over HTTP, 1 client, p95". */
  figure: string
  value: number
  unit: string
  /** The budget as a comparison, e.g. { op: '<=', limit: 10 }. */
  budget: { op: '<=' | '>='; limit: number }
  /** How to reproduce it alone, e.g. "npm run bench -- stack". */
  command: string
  /** Extra context printed under the table (e.g. the engine limit when a budget is out of reach). */
  note?: string
}

export const withinBudget = (f: Figure): boolean =>
  f.budget.op === '<=' ? f.value <= f.budget.limit : f.value >= f.budget.limit

/** The p-th percentile (0..100) of samples, nearest-rank. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}
