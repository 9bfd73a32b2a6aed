/**
 * The request headers that shape a PostgREST response: `Prefer` (return, count, resolution, missing, tx) and
 * `Accept` (an array, or one object with application/vnd.pgrst.object+json).
 */
import { restError } from '../shared/http-error.ts'

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null
  count: boolean
  resolution: 'merge' | 'ignore' | null
  missingDefault: boolean
  rollback: boolean
  /** The preferences honoured, echoed in Preference-Applied. */
  applied: string[]
}

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    return: null,
    count: false,
    resolution: null,
    missingDefault: false,
    rollback: false,
    applied: [],
  }
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
        prefs.count = true
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
      default:
        continue
    }
    prefs.applied.push(pref)
  }
  return prefs
}

const OBJECT_TYPE = 'application/vnd.pgrst.object+json'
const ARRAY_TYPES = ['*/*', 'application/*', 'application/json', 'application/vnd.pgrst.array+json']

/** True when the client asked for a single object; 406 PGRST107 for media types this server does not produce. */
export function wantsSingleObject(accept: string | undefined): boolean {
  if (!accept) return false
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase())
  if (types.includes(OBJECT_TYPE)) return true
  if (types.some((t) => t === '' || ARRAY_TYPES.includes(t))) return false
  throw restError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`)
}
