/**
 * The request headers that shape a PostgREST response: `Prefer` (return, count, resolution, missing, tx) and
 * `Accept` (an array, or one object with application/vnd.pgrst.object+json).
 */
import { restError } from '../shared/http-error.ts'

export type CountKind = 'exact' | 'planned' | 'estimated'

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null
  /** Prefer: count=… (null: no count, Content-Range ends in `/*`). */
  count: CountKind | null
  resolution: 'merge' | 'ignore' | null
  missingDefault: boolean
  rollback: boolean
  /** `handling=strict`: unknown preferences are refused (PGRST122) and max-affected applies. */
  strict: boolean
  /** `max-affected=n`, honoured with handling=strict on updates, deletes and set-returning rpc (PGRST124). */
  maxAffected: number | null
  /** The preferences honoured, echoed in Preference-Applied. */
  applied: string[]
}

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missingDefault: false,
    rollback: false,
    strict: false,
    maxAffected: null,
    applied: [],
  }
  const invalid: string[] = []
  for (const part of (header ?? '').split(',')) {
    const pref = part.trim()
    const [key, value] = pref.split('=', 2).map((s) => s.trim())
    switch (`${key}=${value}`) {
      case 'return=minimal':
      case 'return=representation':
      case 'return=headers-only':
        prefs.return = value as Preferences['return']
        break
      case 'count=exact':
      case 'count=planned':
      case 'count=estimated':
        prefs.count = value as CountKind
        break
      case 'resolution=merge-duplicates':
        prefs.resolution = 'merge'
        break
      case 'resolution=ignore-duplicates':
        prefs.resolution = 'ignore'
        break
      case 'missing=default':
        prefs.missingDefault = true
        break
      case 'tx=rollback':
        prefs.rollback = true
        break
      case 'tx=commit':
      case 'handling=lenient':
        break
      case 'handling=strict':
        prefs.strict = true
        break
      default:
        if (key === 'max-affected' && value !== undefined && /^\d{1,9}$/.test(value)) {
          prefs.maxAffected = Number(value)
          break
        }
        if (key === 'timezone' && value) continue
        if (pref !== '') invalid.push(pref)
        continue
    }
    prefs.applied.push(pref)
  }
  if (prefs.strict && invalid.length > 0) {
    throw restError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    )
  }
  return prefs
}

/** What the response body is: a JSON array, one JSON object, or CSV; `stripNulls` drops null-valued keys. */
export interface MediaChoice {
  single: boolean
  csv: boolean
  stripNulls: boolean
}

const OBJECT_TYPE = 'application/vnd.pgrst.object+json'
const ARRAY_TYPE = 'application/vnd.pgrst.array+json'
const ANY_JSON = ['*/*', 'application/*', 'application/json']

/**
 * The first producible media type of `Accept`, in the client's order (PostgREST v13): JSON arrays, one object
 * (`application/vnd.pgrst.object+json`), `text/csv`, and both vnd types with `;nulls=stripped`. Anything else —
 * `application/vnd.pgrst.plan` (explain) included — is 406 PGRST107.
 */
export function negotiate(accept: string | undefined): MediaChoice {
  const json: MediaChoice = { single: false, csv: false, stripNulls: false }
  if (!accept || accept.trim() === '') return json
  const entries = accept.split(',').map((t) => {
    const [type, ...params] = t.split(';').map((s) => s.trim().toLowerCase())
    return { type: type!, stripped: params.some((p) => p.replace(/\s/g, '') === 'nulls=stripped') }
  })
  for (const { type, stripped } of entries) {
    if (type === '' || ANY_JSON.includes(type)) return json
    if (type === ARRAY_TYPE) return { ...json, stripNulls: stripped }
    if (type === OBJECT_TYPE) return { ...json, single: true, stripNulls: stripped }
    if (type === 'text/csv') return { ...json, csv: true }
  }
  const types = accept.split(',').map((t) => t.trim())
  throw restError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`)
}
