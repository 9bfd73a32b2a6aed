/**
 * The headers `npm start` serves the built app with (and the README gives for static hosting): a Content Security
 * Policy the built app passes, and the usual hardening headers.
 *
 * * Scripts: the app's own files, and the prerendered pages' inline scripts by their SHA-256 hash (read from the
 *   built HTML, so a rebuild that changes them changes the policy). Nothing else runs: no eval, no other origin.
 * * Styles: the app's own, and inline (the stylesheet is inlined into index.html; components set style attributes).
 * * Connections and images: the app itself and the API (REST, storage, realtime over ws/wss). Photos a device holds
 *   are blob: URLs; small placeholders are data: URLs.
 * * Framing: refused everywhere (frame-ancestors 'none', and X-Frame-Options for older browsers), so no other site
 *   can show the app inside its own page to trick clicks.
 * * nosniff: a file is only ever used as the type it is served as. Referrer-Policy: other sites learn the origin at
 *   most, never a page's path or query.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** The inline scripts of an HTML document (scripts with a src are files, covered by 'self'). */
export function inlineScripts(html: string): string[] {
  const out: string[] = []
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!/\bsrc\s*=/i.test(m[1]!)) out.push(m[2]!)
  }
  return out
}

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`

/** Every .html file under the build directory. */
function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name))
}

export function contentSecurityPolicy(scriptHashes: readonly string[], apiUrl: string): string {
  const api = new URL(apiUrl)
  const ws = `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`
  return [
    `default-src 'self'`,
    `script-src 'self' ${[...new Set(scriptHashes)].join(' ')}`.trim(),
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: ${api.origin}`,
    `connect-src 'self' ${api.origin} ${ws}`,
    `font-src 'self' data:`,
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ')
}

/** The headers for the app built into `buildDir`, talking to the API at `apiUrl`. */
export function securityHeaders(buildDir: string, apiUrl: string): Record<string, string> {
  const hashes = htmlFiles(buildDir).flatMap((f) => inlineScripts(fs.readFileSync(f, 'utf8')).map(hashOf))
  return {
    'Content-Security-Policy': contentSecurityPolicy(hashes, apiUrl),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  }
}
