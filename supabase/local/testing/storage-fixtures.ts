/**
 * Fixtures of the storage conformance tests: tiny files with real magic bytes, and buckets with their own RLS
 * policies, so the tests do not depend on the product migrations.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { TestStack } from './test-stack.ts'

export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1])
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([24, 0, 0, 0]), Buffer.from('WEBPVP8 ')])
export const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')

/** A valid PNG header followed by zeros: `size` bytes in all. */
export const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)])

export const FIXTURE_LIMIT_BYTES = 1024 * 1024

/**
 * `fixture-public`: public, 1 MiB, jpeg/png/webp; anyone reads, users write only under `<their id>/`.
 * `fixture-private`: no limits; only the owner reads, writes and deletes.
 */
export async function createFixtureBuckets(ts: TestStack): Promise<void> {
  await ts.stack.ctx.db.pg.exec(`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
      ('fixture-public', 'fixture-public', true, ${FIXTURE_LIMIT_BYTES}, array['image/jpeg', 'image/png', 'image/webp']),
      ('fixture-private', 'fixture-private', false, null, null);

    create policy fixture_public_read on storage.objects for select to anon, authenticated
      using (bucket_id = 'fixture-public');
    create policy fixture_public_insert on storage.objects for insert to authenticated
      with check (bucket_id = 'fixture-public' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy fixture_public_update on storage.objects for update to authenticated
      using (bucket_id = 'fixture-public' and (storage.foldername(name))[1] = auth.uid()::text);
    create policy fixture_public_delete on storage.objects for delete to authenticated
      using (bucket_id = 'fixture-public' and (storage.foldername(name))[1] = auth.uid()::text);

    create policy fixture_private_owner on storage.objects for all to authenticated
      using (bucket_id = 'fixture-private' and owner = auth.uid())
      with check (bucket_id = 'fixture-private' and owner = auth.uid());
  `)
}

/** Whether a row and a file exist for the object: both or neither, never one alone. */
export async function stored(ts: TestStack, bucket: string, name: string): Promise<{ row: boolean; file: boolean }> {
  const { rows } = await ts.stack.ctx.db.pg.query(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [
    bucket,
    name,
  ])
  return { row: rows.length > 0, file: fs.existsSync(path.join(ts.stack.ctx.blobs.root, bucket, name)) }
}

/** A storage request the way supabase-js sends it, for the cases the client would clean up first. */
export function storageFetch(ts: TestStack, pathAndQuery: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers)
  headers.set('apikey', ts.anonKey)
  headers.set('authorization', `Bearer ${init.token ?? ts.anonKey}`)
  return fetch(`${ts.url}/storage/v1${pathAndQuery}`, { ...init, headers })
}

/** A POST whose path is sent byte for byte: fetch() would resolve `..` and `.` segments before sending. */
export function rawPost(
  ts: TestStack,
  rawPath: string,
  token: string,
  contentType: string,
  body: Buffer,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${ts.url}${rawPath}`,
      {
        method: 'POST',
        headers: {
          apikey: ts.anonKey,
          authorization: `Bearer ${token}`,
          'content-type': contentType,
          'content-length': body.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}
