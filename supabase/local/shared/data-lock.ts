/**
 * PGlite does not lock its data directory, and two writers would corrupt it (docs/pglite.md §6), so the
 * stack takes a pid lock file and refuses to start beside a live owner. A stale lock (dead pid) is taken over.
 */
import fs from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {}

/** Directories this process holds, so that a second stack inside the same process is refused too. */
const held = new Set<string>()

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'kreis.lock')
  if (held.has(file)) {
    throw new DataDirLockedError(`This process already runs a Kreis local stack on ${dataDir}.`)
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      held.add(file)
      return () => {
        held.delete(file)
        fs.rmSync(file, { force: true })
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const pid = Number(fs.readFileSync(file, 'utf8').trim())
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `Another Kreis local stack (pid ${pid}) is already using ${dataDir}. ` +
            `Stop it first, or give this one its own directory with KREIS_DATA_DIR.`,
        )
      }
      fs.rmSync(file, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`)
}
