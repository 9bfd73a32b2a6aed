/**
 * `npm run test:mutation [-- domain|sync]`: Stryker passes over src/domain and src/sync (not part of `npm test`:
 * the sync pass takes minutes). Each pass fails below its break threshold (domain 90 %, sync 80 %); the summary at
 * the end gives each pass's score, read from Stryker's JSON report.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { runFiles } from './run-files.mjs'

const PASSES = ['domain', 'sync'] as const
type Pass = (typeof PASSES)[number]

const root = path.resolve(import.meta.dirname, '../..')
// Pass names, then Stryker's own options, forwarded as given (e.g. `-- sync --mutate src/sync/push.ts --concurrency 1`
// to narrow a pass to the files that matter on a busy machine).
const args = process.argv.slice(2)
const firstOption = args.findIndex((a) => a.startsWith('-'))
const wanted = firstOption === -1 ? args : args.slice(0, firstOption)
const strykerOptions = firstOption === -1 ? [] : args.slice(firstOption)
const unknown = wanted.filter((w) => !(PASSES as readonly string[]).includes(w))
if (unknown.length) {
  console.error(`unknown pass ${unknown.join(', ')}; known: ${PASSES.join(', ')}`)
  process.exit(2)
}
const passes: Pass[] = wanted.length ? (wanted as Pass[]) : [...PASSES]

interface MutantResult {
  status: string
}
interface Report {
  files: Record<string, { mutants: MutantResult[] }>
}

/** Stryker's mutation score: killed + timeout over all valid mutants (no-coverage ones count as survivors). */
function score(report: Report): { score: number; mutants: number; survived: number; noCoverage: number } {
  const all = Object.values(report.files).flatMap((f) => f.mutants)
  const count = (s: string) => all.filter((m) => m.status === s).length
  const detected = count('Killed') + count('Timeout')
  const undetected = count('Survived') + count('NoCoverage')
  return {
    score: (100 * detected) / Math.max(1, detected + undetected),
    mutants: all.length,
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
  }
}

let failed = false
const lines: string[] = []
for (const pass of passes) {
  const started = Date.now()
  const run = spawnSync('npx', ['stryker', 'run', `scripts/mutation/${pass}.conf.mjs`, ...strykerOptions], {
    cwd: root,
    stdio: 'inherit',
  })
  if (run.status !== 0) failed = true
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  try {
    const report = JSON.parse(
      readFileSync(path.join(root, runFiles(pass, strykerOptions).jsonReport), 'utf8'),
    ) as Report
    const s = score(report)
    lines.push(
      `${pass}: ${s.score.toFixed(1)} % of ${s.mutants} mutants (${s.survived} survived, ${s.noCoverage} without coverage) in ${minutes} min`,
    )
  } catch {
    lines.push(`${pass}: no report (Stryker exited ${run.status})`)
  }
}
console.log('\nmutation scores\n' + lines.map((l) => '  ' + l).join('\n'))
process.exit(failed ? 1 : 0)
