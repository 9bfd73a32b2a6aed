/**
 * Puts the seed's photo bytes into a hosted Supabase project: seed.sql creates the `storage.objects` rows, but on
 * hosted there are no files behind them until this uploads each one through the storage API (upsert, as the
 * service role), under the same bucket and name. The local stack copies the files itself and never needs this.
 *
 *   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<service key> npx tsx supabase/seed/upload-photos.ts
 *
 * `--dry-run` lists what would be uploaded. The service key is read from the environment only, never from a file
 * or argument, and is sent only to SUPABASE_URL.
 */
import fs from 'node:fs'
import path from 'node:path'

export const SEED_STORAGE_ROOT = path.join(import.meta.dirname, 'storage')

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
}

export interface SeedFile {
  bucket: string
  /** The object name inside the bucket (`<user_id>/<listing_id>/<image_id>.jpg`). */
  name: string
  file: string
  contentType: string
}

/** Every file under `root`, laid out as `<bucket>/<name>`, in a stable order. */
export function seedFiles(root = SEED_STORAGE_ROOT): SeedFile[] {
  const out: SeedFile[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile()) {
        const [bucket, ...rest] = path.relative(root, full).split(path.sep)
        const contentType = CONTENT_TYPES[path.extname(entry.name).toLowerCase()]
        if (!bucket || rest.length === 0 || !contentType) throw new Error(`not a seed photo: ${full}`)
        out.push({ bucket, name: rest.join('/'), file: full, contentType })
      }
    }
  }
  walk(root)
  return out
}

export interface UploadOptions {
  /** The project URL (https://<ref>.supabase.co, or a local stack's URL). */
  url: string
  serviceRoleKey: string
  root?: string
  /** Uploads at once (default 4). */
  concurrency?: number
  log?: (line: string) => void
}

export interface UploadResult {
  uploaded: number
  failed: { name: string; status: number; message: string }[]
}

/** Uploads every seed file with upsert through POST /storage/v1/object/<bucket>/<name>, as storage-js does. */
export async function uploadSeedPhotos(options: UploadOptions): Promise<UploadResult> {
  const files = seedFiles(options.root)
  const base = new URL('storage/v1/', options.url.endsWith('/') ? options.url : `${options.url}/`)
  const result: UploadResult = { uploaded: 0, failed: [] }
  let next = 0
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++]!
      const target = new URL(`object/${f.bucket}/${f.name.split('/').map(encodeURIComponent).join('/')}`, base)
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          apikey: options.serviceRoleKey,
          authorization: `Bearer ${options.serviceRoleKey}`,
          'content-type': f.contentType,
          'cache-control': 'max-age=3600',
          'x-upsert': 'true',
        },
        body: fs.readFileSync(f.file),
      })
      if (res.ok) {
        result.uploaded++
        await res.arrayBuffer()
      } else {
        result.failed.push({
          name: `${f.bucket}/${f.name}`,
          status: res.status,
          message: (await res.text()).slice(0, 200),
        })
      }
      if ((result.uploaded + result.failed.length) % 50 === 0) {
        options.log?.(`${result.uploaded + result.failed.length}/${files.length}`)
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker))
  return result
}

async function main(): Promise<void> {
  const files = seedFiles()
  if (process.argv.includes('--dry-run')) {
    for (const f of files) console.log(`${f.bucket}/${f.name} (${f.contentType}, ${fs.statSync(f.file).size} bytes)`)
    console.log(`${files.length} files`)
    return
  }
  const url = process.env.SUPABASE_URL
  const serviceRoleKey = process.env.SUPABASE_SERVICE_ROLE_KEY
  if (!url || !serviceRoleKey) {
    console.error('Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (Project Settings → API) in the environment.')
    process.exit(2)
  }
  const { uploaded, failed } = await uploadSeedPhotos({ url, serviceRoleKey, log: (l) => console.log(l) })
  console.log(`uploaded ${uploaded} of ${files.length} files to ${new URL(url).host}`)
  for (const f of failed) console.error(`failed ${f.name}: ${f.status} ${f.message}`)
  if (failed.length > 0) process.exit(1)
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((e) => {
    console.error(e)
    process.exit(1)
  })
}
