/**
 * CPU time used by this process's descendants (the Chromium we launched: browser, renderer, storage and network
 * services), read from /proc. On a shared machine wall-clock figures stretch with the load; the CPU a step
 * consumed does not, so notes report both.
 */
import fs from 'node:fs'

const TICKS_PER_SECOND = 100

interface ProcStat {
  pid: number
  ppid: number
  ticks: number
}

function readStat(pid: string): ProcStat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may contain spaces and parentheses: split after its closing parenthesis.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ')
    const ppid = Number(rest[1])
    const utime = Number(rest[11])
    const stime = Number(rest[12])
    return { pid: Number(pid), ppid, ticks: utime + stime }
  } catch {
    return null // the process ended between listing and reading
  }
}

/** Milliseconds of user + system CPU used so far by the live descendants of this process. */
export function descendantCpuMs(): number {
  if (!fs.existsSync('/proc/self/stat')) return NaN
  const stats = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(readStat)
    .filter((s) => s !== null)
  const children = new Map<number, ProcStat[]>()
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s])
  let ticks = 0
  const queue = [...(children.get(process.pid) ?? [])]
  while (queue.length) {
    const s = queue.pop()!
    ticks += s.ticks
    queue.push(...(children.get(s.pid) ?? []))
  }
  return (ticks * 1000) / TICKS_PER_SECOND
}
