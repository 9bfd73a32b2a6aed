/**
 * What an upload really is: its declared type checked against the bucket's allowed types and, for the image types
 * we know, against the file's first bytes — a PNG renamed to .jpg or a script labelled image/jpeg is refused.
 */
import { DEFAULT_MIME_TYPE } from './constants.ts'
import { storageErrors } from './errors.ts'

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((v, i) => b[at + i] === v)
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0))

const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  'image/gif': (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
}

const ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' }

/** `image/JPEG; q=1` → `image/jpeg`. */
export function mimeEssence(contentType: string | null | undefined): string {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase() || DEFAULT_MIME_TYPE
  return ALIASES[essence] ?? essence
}

/** The image type the bytes start like, or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  for (const [type, matches] of Object.entries(SIGNATURES)) if (matches(bytes)) return type
  return null
}

function allowedByBucket(essence: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true
  return allowed.some((a) => {
    const rule = mimeEssence(a)
    return rule === essence || (rule.endsWith('/*') && essence.startsWith(rule.slice(0, -1)))
  })
}

/** Throws storage-api's 415 when the bucket refuses the type or the bytes are not what the type says. */
export function checkContentType(declared: string, bytes: Uint8Array, allowed: readonly string[] | null): void {
  const essence = mimeEssence(declared)
  if (!allowedByBucket(essence, allowed)) throw storageErrors.mimeNotAllowed(essence)
  const matches = SIGNATURES[essence]
  if (matches && !matches(bytes)) throw storageErrors.contentMismatch(essence, sniffImageType(bytes))
}
