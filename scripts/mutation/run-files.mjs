// Where one Stryker run keeps its sandbox, incremental results and reports. A run narrowed with `--mutate <files>`
// gets its own set (named by a hash of the list), so two narrowed runs of one pass can go on at the same time
// without emptying each other's sandbox or overwriting each other's report; a whole-pass run keeps the plain names.
import { createHash } from 'node:crypto'

/** The `--mutate` value Stryker was started with, or null for the pass's own list. */
export function mutateArgument(argv = process.argv) {
  const i = argv.findIndex((a) => a === '--mutate' || a === '-m' || a.startsWith('--mutate='))
  if (i === -1) return null
  return argv[i].startsWith('--mutate=') ? argv[i].slice('--mutate='.length) : (argv[i + 1] ?? null)
}

/** File names of one run of `pass` (e.g. `sync`, or `sync-3fa2c1d0` when narrowed). */
export function runFiles(pass, argv = process.argv) {
  const mutate = mutateArgument(argv)
  const name = mutate ? `${pass}-${createHash('sha1').update(mutate).digest('hex').slice(0, 8)}` : pass
  return {
    name,
    incrementalFile: `reports/mutation/${name}.incremental.json`,
    htmlReport: `reports/mutation/${name}.html`,
    jsonReport: `reports/mutation/${name}.json`,
    tempDirName: `.stryker-tmp/${name}`,
  }
}
