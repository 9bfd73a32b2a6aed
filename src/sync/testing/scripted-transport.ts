/**
 * Wraps a Transport so a test can script what the next calls of a method answer: a given failure instead of the
 * call, or the real call whose answer is then replaced ("server committed, response lost").
 */
import type { Failure, Transport } from '../protocol'

type Method = {
  [K in keyof Transport]: Transport[K] extends (...a: never[]) => Promise<unknown> ? K : never
}[keyof Transport]

type Script = { before: Failure } | { after: Failure } | { pass: true }

export class ScriptedTransport {
  private scripts = new Map<string, Script[]>()
  readonly calls: string[] = []
  readonly transport: Transport

  constructor(inner: Transport) {
    this.transport = new Proxy(inner, {
      get: (target, prop: string) => {
        const value = (target as unknown as Record<string, unknown>)[prop]
        if (typeof value !== 'function') return value
        // The one synchronous method (it returns the unsubscribe): passed through as it is.
        if (prop === 'subscribe') return (value as (...a: unknown[]) => unknown).bind(target)
        return async (...args: unknown[]) => {
          this.calls.push(prop)
          const script = this.scripts.get(prop)?.shift()
          if (script && 'before' in script) return script.before
          const result = await (value as (...a: unknown[]) => unknown).apply(target, args)
          return script && 'after' in script ? script.after : result
        }
      },
    })
  }

  /** The next call of `method` fails with `f` without reaching the server. */
  failNext(method: Method, f: Failure, times = 1): this {
    for (let i = 0; i < times; i++) this.push(method, { before: f })
    return this
  }

  /** The next call of `method` reaches the server, but its answer is replaced by `f`. */
  loseAnswerNext(method: Method, f: Failure = { ok: false, reason: 'network', message: 'Failed to fetch' }): this {
    this.push(method, { after: f })
    return this
  }

  /** The next call of `method` goes through untouched (to script a later call). */
  passNext(method: Method): this {
    this.push(method, { pass: true })
    return this
  }

  count(method: Method): number {
    return this.calls.filter((c) => c === method).length
  }

  private push(method: string, s: Script) {
    const list = this.scripts.get(method) ?? []
    list.push(s)
    this.scripts.set(method, list)
  }
}
