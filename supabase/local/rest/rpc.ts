/**
 * `/rpc/fn`: picks the overload whose named arguments match the request (POST body keys, or GET query parameters),
 * and writes the call with each argument read from the JSON payload by `json_to_record`, typed with the catalog's
 * own type names, so Postgres does the conversion (arrays, json, numbers) and values never touch the SQL text.
 */
import { restError } from '../shared/http-error.ts'
import { ident, type Source } from './plan.ts'
import type { Params } from './sql-builder.ts'
import type { PgFunction, SchemaCache } from './schema-cache.ts'

export function findFunction(cache: SchemaCache, name: string, argNames: string[]): PgFunction {
  const overloads = cache.functions.get(name) ?? []
  const given = new Set(argNames)
  const fits = overloads.filter((f) => {
    const names = new Set(f.args.map((a) => a.name))
    const required = f.args.slice(0, f.args.length - f.defaults)
    return argNames.every((n) => names.has(n)) && required.every((a) => given.has(a.name))
  })
  if (fits.length === 1) return fits[0]!
  const sorted = [...argNames].sort().join(', ')
  if (fits.length === 0) {
    const withArgs = argNames.length > 0
    throw restError(
      404,
      'PGRST202',
      `Could not find the function public.${name}${withArgs ? `(${sorted})` : ' without parameters'} in the schema cache`,
      `Searched for the function public.${name}${withArgs ? ` with parameters ${sorted}` : ' without parameters'}, ` +
        'but no matches were found in the schema cache.',
    )
  }
  const candidates = fits.map((f) => `public.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
  throw restError(300, 'PGRST203', `Could not choose the best candidate function between: ${candidates.join(', ')}`)
}

/** `"public"."fn"("a" := (select "a" from json_to_record($1::json) as _a("a" int)), …)`. */
export function callSql(fn: PgFunction, args: Record<string, unknown>, p: Params): string {
  const given = fn.args.filter((a) => Object.hasOwn(args, a.name))
  if (given.length === 0) return `"public".${ident(fn.name)}()`
  const payload = p.add(JSON.stringify(args))
  const list = given.map((a) => {
    const arg = ident(a.name)
    return `${arg} := (select "_a".${arg} from json_to_record(${payload}::json) as "_a"(${arg} ${a.type}))`
  })
  return `"public".${ident(fn.name)}(${list.join(', ')})`
}

/** The function's rows as a source for select/filters/embeds, or null for scalar results. */
export function functionSource(cache: SchemaCache, fn: PgFunction, call: string): Source | null {
  if (fn.returnRelation) {
    const rel = cache.relations.get(fn.returnRelation)
    if (rel) return { name: fn.returnRelation, columns: rel.columns, fromSql: call }
  }
  if (fn.outColumns) return { name: fn.name, columns: new Map(fn.outColumns.map((c) => [c.name, c])), fromSql: call }
  return null
}
