/**
 * Phoenix channel frames as supabase-js speaks them (docs/supabase-wire.md §6.1): vsn 2.0.0 sends JSON arrays
 * `[join_ref, ref, topic, event, payload]`, vsn 1.0.0 sends objects with the same five fields.
 */
export type Vsn = '1.0.0' | '2.0.0'

export interface Frame {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: Record<string, unknown>
}

export type ParseResult =
  { ok: true; frame: Frame } | { ok: false; reason: string; ref: string | null; topic: string | null }

const refOf = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null)
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export function parseFrame(text: string, vsn: Vsn): ParseResult {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'malformed frame: not JSON', ref: null, topic: null }
  }
  let fields: [unknown, unknown, unknown, unknown, unknown]
  if (vsn === '2.0.0') {
    if (!Array.isArray(raw) || raw.length !== 5) {
      return {
        ok: false,
        reason: 'malformed frame: expected [join_ref, ref, topic, event, payload]',
        ref: null,
        topic: null,
      }
    }
    fields = [raw[0], raw[1], raw[2], raw[3], raw[4]]
  } else {
    if (!isObject(raw)) return { ok: false, reason: 'malformed frame: expected an object', ref: null, topic: null }
    fields = [raw.join_ref, raw.ref, raw.topic, raw.event, raw.payload]
  }
  const [joinRef, ref, topic, event, payload] = fields
  if (typeof topic !== 'string' || typeof event !== 'string' || !isObject(payload)) {
    return {
      ok: false,
      reason: 'malformed frame: topic and event must be strings and payload an object',
      ref: refOf(ref),
      topic: typeof topic === 'string' ? topic : null,
    }
  }
  return { ok: true, frame: { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload } }
}

export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload])
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  })
}

export function parseVsn(value: string | null): Vsn {
  return value === '1.0.0' ? '1.0.0' : '2.0.0'
}
