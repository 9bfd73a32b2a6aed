/**
 * `/rpc/fn`: picks the overload whose named arguments match the request (POST body keys, or GET query parameters),
 * and writes the call with each argument read from the JSON payload by `json_to_record`, typed with the catalog's
 * own type names, so Postgres does the conversion (arrays, json, numbers) and values never touch the SQL text.
 */
import { restError } from '../shared/http-error.ts'
import { closest, ident } from './names.ts'
import { relationSource, type Source } from './plan.ts'
import type { Params } from './sql-builder.ts'
import type { PgFunction, SchemaCache } from './schema-cache.ts'

const listText = (names: string[]) => `(${[...names].sort().join(', ')})`

/** PostgREST's hint for a mistyped function name needs this score (getFuzzyHint); parameter lists need less. */
const FUNCTION_HINT_MIN_SCORE = 0.75

function byParameters(a: PgFunction, b: PgFunction): number {
  for (let i = 0; i < Math.min(a.args.length, b.args.length); i++) {
    const x = a.args[i]!
    const y = b.args[i]!
    if (x.name !== y.name) return x.name < y.name ? -1 : 1
    if (x.type !== y.type) return x.type < y.type ? -1 : 1
  }
  return a.args.length - b.args.length
}

/** The chosen overload, and whether it takes the whole JSON body as its single unnamed json/jsonb parameter. */
export interface FunctionChoice {
  fn: PgFunction
  wholeBody: boolean
}

/**
 * PostgREST v13's overload resolution: a function matches when the argument keys are exactly its required
 * parameters plus any of its optional ones (none at all for a function without parameters). When nothing matches,
 * a POST with a JSON body may call the one function with a single unnamed json/jsonb parameter, which takes the
 * whole body. More than one candidate: 300 PGRST203; none: 404 PGRST202 with a "Perhaps you meant" hint.
 */
export function findFunction(cache: SchemaCache, name: string, argNames: string[], isPost = false): FunctionChoice {
  const overloads = cache.functions.get(name) ?? []
  const keys = new Set(argNames)
  const matches: PgFunction[] = []
  const fallbacks: PgFunction[] = []
  for (const f of overloads) {
    const required = f.args.slice(0, f.args.length - f.defaults).map((a) => a.name)
    const optional = new Set(f.args.slice(f.args.length - f.defaults).map((a) => a.name))
    const rest = [...keys].filter((k) => !optional.has(k))
    const fits =
      f.args.length === 0 ? keys.size === 0 : rest.length === required.length && required.every((r) => keys.has(r))
    if (fits) matches.push(f)
    else if (isPost && f.args.length === 1 && f.args[0]!.name === '' && /^jsonb?$/.test(f.args[0]!.type))
      fallbacks.push(f)
  }
  if (matches.length === 1) return { fn: matches[0]!, wholeBody: false }
  if (matches.length === 0 && fallbacks.length === 1) return { fn: fallbacks[0]!, wholeBody: true }
  const candidates = matches.length > 0 ? matches : fallbacks
  if (candidates.length > 1) {
    // Listed in PostgREST's order of routines: by their parameters (names, then types), shorter lists first.
    candidates.sort(byParameters)
    const list = candidates.map(
      (f) => `${cache.schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`,
    )
    throw restError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${list.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  const listed = [...keys].sort().join(', ')
  const withArgs = keys.size > 0
  const params = withArgs ? ` with parameter${keys.size > 1 ? 's' : ''} ${listed}` : ' without parameters'
  const details =
    `Searched for the function ${cache.schema}.${name}${params}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, ` +
    'but no matches were found in the schema cache.'
  const suggestion =
    overloads.length > 0
      ? (() => {
          const lists = overloads.map((f) => listText(f.args.map((a) => a.name)))
          const hit = lists.includes(listText(argNames)) ? null : closest(listText(argNames), lists)
          return hit ? `${name}${hit}` : null
        })()
      : closest(name, cache.functions.keys(), FUNCTION_HINT_MIN_SCORE)
  throw restError(
    404,
    'PGRST202',
    `Could not find the function ${cache.schema}.${name}${withArgs ? `(${listed})` : ' without parameters'} in the schema cache`,
    details,
    suggestion ? `Perhaps you meant to call the function ${cache.schema}.${suggestion}` : null,
  )
}

/**
 * POST with `Content-Type: text/plain` or `text/xml`: the function with one unnamed parameter of that type takes
 * the raw body (passed as the argument named ""). None: PGRST202 worded for a single unnamed parameter, no hint.
 */
export function findRawFunction(cache: SchemaCache, name: string, type: 'text' | 'xml'): FunctionChoice {
  const fits = (cache.functions.get(name) ?? []).filter(
    (f) => f.args.length === 1 && f.args[0]!.name === '' && f.args[0]!.type === type,
  )
  if (fits.length === 1) return { fn: fits[0]!, wholeBody: false }
  throw restError(
    404,
    'PGRST202',
    `Could not find the function ${cache.schema}.${name} in the schema cache`,
    `Searched for the function ${cache.schema}.${name} with a single unnamed ${type} parameter, but no matches were found in the schema cache.`,
  )
}

/**
 * `"public"."fn"("a" := (select "a" from json_to_record($1::json) as _a("a" int)), …)`; an unnamed parameter (the
 * body key "") is passed by position, and a single unnamed json/jsonb parameter may take the whole body.
 */
export function callSql(choice: FunctionChoice, args: Record<string, unknown>, p: Params): string {
  const { fn } = choice
  const qualified = `${ident(fn.schema)}.${ident(fn.name)}`
  if (choice.wholeBody) return `${qualified}(${p.add(JSON.stringify(args))}::${fn.args[0]!.type})`
  const given = fn.args.filter((a) => Object.hasOwn(args, a.name))
  if (given.length === 0) return `${qualified}()`
  const payload = p.add(JSON.stringify(args))
  const list = given.map((a) => {
    if (a.name === '') return `(${payload}::json ->> '')::${a.type}`
    const arg = ident(a.name)
    return `${arg} := (select "_a".${arg} from json_to_record(${payload}::json) as "_a"(${arg} ${a.type}))`
  })
  return `${qualified}(${list.join(', ')})`
}

/** The function's rows as a source for select/filters/embeds, or null for scalar results. */
export function functionSource(cache: SchemaCache, { fn }: FunctionChoice, call: string): Source | null {
  if (fn.returnRelation) {
    // The relation's columns and computed fields (`rpc(…)?select=col,computed_field`), its rows from the call.
    const rel = relationSource(cache, fn.returnRelation)
    if (rel) return { ...rel, fromSql: call }
  }
  if (fn.outColumns) return { name: fn.name, columns: new Map(fn.outColumns.map((c) => [c.name, c])), fromSql: call }
  return null
}
