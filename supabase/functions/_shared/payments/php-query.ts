/**
 * PHP's `http_build_query($params, '', '&')` for flat parameters: what Payrexx signs (and recomputes on its side),
 * RFC 1738 form encoding: spaces as `+`, everything but letters, digits and `-_.` percent-encoded.
 */
export type QueryParams = [name: string, value: string | number | boolean][]

function urlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/[!'()*~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
}

const phpValue = (v: string | number | boolean): string => (typeof v === 'boolean' ? (v ? '1' : '0') : String(v))

export function httpBuildQuery(params: QueryParams): string {
  return params.map(([k, v]) => `${urlencode(k)}=${urlencode(phpValue(v))}`).join('&')
}
