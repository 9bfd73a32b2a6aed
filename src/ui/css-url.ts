/** A URL as a CSS `url()` value (a background image), with the characters that would end or break it escaped. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n]/g, encodeURIComponent)}")`
}
