/**
 * `npm run bench [-- name…]`: runs the bench modules (all, or the named ones) one after another and prints every
 * figure beside its budget (docs/architecture.md §6). Benchmarks are not part of `npm test`; they measure, tests assert.
 * Exits 0 even when a budget is missed: the table is the report, and a miss is discussed, not hidden.
 */
import { withinBudget, type Figure } from './figure.ts'

const MODULES: Record<string, () => Promise<{ run(): Promise<Figure[]> }>> = {
  stack: () => import('./stack-start.ts'),
  rest: () => import('./rest-feed.ts'),
  abuse: () => import('./abuse.ts'),
  realtime: () => import('./realtime.ts'),
  dexie: () => import('./dexie.ts'),
  messages: () => import('./messages.ts'),
  web: () => import('./web.ts'),
  photo: () => import('./photo.ts'),
  push: () => import('./push.ts'),
  scale: () => import('./scale.ts'),
}

function formatValue(f: Figure): string {
  const digits = Math.abs(f.value) >= 100 ? 0 : Math.abs(f.value) >= 10 ? 1 : 2
  return `${f.value.toFixed(digits)} ${f.unit}`
}

function printTable(figures: Figure[]): void {
  const rows = figures.map((f) => [
    f.figure,
    formatValue(f),
    `${f.budget.op} ${f.budget.limit} ${f.unit}`,
    withinBudget(f) ? 'ok' : 'MISSED',
    f.command,
  ])
  const head = ['figure', 'value', 'budget', 'status', 'command']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => '| ' + cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |'
  console.log(line(head))
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|')
  for (const r of rows) console.log(line(r))
  for (const f of figures) if (f.note) console.log(`\n* ${f.figure}: ${f.note}`)
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
  const names = wanted.length ? wanted : Object.keys(MODULES)
  const unknown = names.filter((n) => !(n in MODULES))
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}; known: ${Object.keys(MODULES).join(', ')}`)
  const figures: Figure[] = []
  for (const name of names) {
    console.error(`[bench] ${name}…`)
    figures.push(...(await (await MODULES[name]!()).run()))
  }
  printTable(figures)
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    process.exit(1)
  },
)
