/**
 * The `config.postgres_changes` of a join: each entry `{event, schema, table?, filter?}` becomes a Binding with an
 * id, and the reply echoes the entries in the client's order with those ids (docs/supabase-wire.md §6.3).
 * Unknown tables, columns or operators fail the join with a reason instead of subscribing to nothing. Tables are
 * looked up in the realtime catalogue cache (catalogue.ts), not in Postgres, unless DDL happened since.
 */
import type { Catalogue } from './catalogue.ts'
import type { Binding } from './channel.ts'
import { compileFilter, FilterError, parseFilter, validateConditions } from './filters.ts'

const EVENTS = ['INSERT', 'UPDATE', 'DELETE', '*'] as const

/**
 * postgres_changes entries one channel may ask for. With channels bounded per socket and per address (limits.ts),
 * this bounds the bindings every change is tested against; the app asks for at most a few per channel.
 */
export const MAX_BINDINGS_PER_JOIN = 20

export type BindingsResult =
  { ok: true; bindings: Binding[]; reply: Record<string, unknown>[] } | { ok: false; reason: string }

let nextId = 1

const fail = (detail: string): BindingsResult => ({
  ok: false,
  reason: `Unable to subscribe to changes with given parameters: ${detail}`,
})

export async function resolveBindings(catalogue: Catalogue, config: unknown): Promise<BindingsResult> {
  const raw =
    typeof config === 'object' && config !== null ? (config as Record<string, unknown>).postgres_changes : undefined
  if (raw === undefined || raw === null) return { ok: true, bindings: [], reply: [] }
  if (!Array.isArray(raw)) return fail('postgres_changes must be a list')
  if (raw.length > MAX_BINDINGS_PER_JOIN)
    return fail(`at most ${MAX_BINDINGS_PER_JOIN} postgres_changes entries per channel`)
  const bindings: Binding[] = []
  const reply: Record<string, unknown>[] = []
  for (const entry of raw) {
    if (typeof entry !== 'object' || entry === null) return fail('each postgres_changes entry must be an object')
    const { event, schema, table, filter } = entry as Record<string, unknown>
    const upper = typeof event === 'string' ? event.toUpperCase() : ''
    if (!(EVENTS as readonly string[]).includes(upper)) return fail(`event must be one of ${EVENTS.join(', ')}`)
    if (typeof schema !== 'string' || schema === '') return fail('schema is required')
    if (table !== undefined && table !== null && typeof table !== 'string') return fail('table must be a string')
    if (filter !== undefined && filter !== null && typeof filter !== 'string') return fail('filter must be a string')
    const tableName = typeof table === 'string' && table !== '*' ? table : null
    let conditions
    let test: Binding['test'] = () => true
    try {
      conditions = parseFilter(filter as string | undefined)
      if (tableName === null) {
        if (conditions.length > 0) return fail('a filter needs a table')
      } else {
        const relid = schema === '*' ? null : await catalogue.relid(schema, tableName)
        if (relid === null) return fail(`no table ${schema}.${tableName}`)
        const info = await catalogue.tableInfo(relid)
        validateConditions(conditions, info?.types ?? new Map())
        test = compileFilter(conditions, info?.types ?? new Map())
      }
    } catch (e) {
      if (e instanceof FilterError) return fail(`filter "${String(filter)}": ${e.message}`)
      throw e
    }
    const id = nextId++
    bindings.push({ id, event: upper as Binding['event'], schema, table: tableName, conditions, test })
    reply.push({ ...(entry as Record<string, unknown>), id })
  }
  return { ok: true, bindings, reply }
}
