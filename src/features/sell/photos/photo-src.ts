/**
 * Where a photo tile's image comes from: the device copy (an object URL, one per photo id for the page's life, so
 * live-query re-reads that return fresh Blob objects do not make the images flicker), else the server file.
 */
import { env } from '@/config/env'
import { resolveImageUrl } from '@/domain/listing-view'

const urls = new Map<string, string>()

export function blobUrl(id: string, blob: Blob): string {
  let url = urls.get(id)
  if (!url) {
    url = URL.createObjectURL(blob)
    urls.set(id, url)
  }
  return url
}

/** Frees a removed photo's object URL. */
export function forgetBlobUrl(id: string): void {
  const url = urls.get(id)
  if (url) URL.revokeObjectURL(url)
  urls.delete(id)
}

export function photoSrc(p: {
  id: string
  blob?: Blob | null
  card?: Blob | null
  image_url?: string | null
}): string | null {
  const local = p.card ?? p.blob
  if (local) return blobUrl(p.card ? `${p.id}.card` : p.id, local)
  return p.image_url ? resolveImageUrl(p.image_url, env.supabaseUrl) : null
}
