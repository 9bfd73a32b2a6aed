/**
 * The hosted seed-photo upload (upload-photos.ts) against the local stack's storage API, which answers like
 * storage-api: every seed file is found, uploaded with upsert as the service role, and served back byte for byte.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { SEED_STORAGE_ROOT, seedFiles, uploadSeedPhotos } from './upload-photos.ts'

let ts: TestStack
let root: string

beforeAll(async () => {
  ts = await startTestStack()
  // Two real seed files (one photo, one card image) under a fresh folder, so the upload creates new objects.
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-seed-upload-'))
  const all = seedFiles()
  const photo = all.find((f) => f.name.endsWith('.jpg'))!
  const card = all.find((f) => f.name.endsWith('.webp'))!
  for (const [f, name] of [
    [photo, 'upload-test/listing/photo.jpg'],
    [card, 'upload-test/listing/photo.card.webp'],
  ] as const) {
    fs.mkdirSync(path.join(root, 'listing-images', path.dirname(name)), { recursive: true })
    fs.copyFileSync(f.file, path.join(root, 'listing-images', name))
  }
})

afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true })
  await ts?.stop()
})

describe('uploading the seed photos to a project', () => {
  it('finds every seed file under its bucket with its content type', () => {
    const all = seedFiles(SEED_STORAGE_ROOT)
    expect(all.length).toBeGreaterThan(100)
    expect(new Set(all.map((f) => f.bucket))).toEqual(new Set(['listing-images']))
    expect(new Set(all.map((f) => f.contentType))).toEqual(new Set(['image/jpeg', 'image/webp']))
  })

  it('uploads with the service key, twice without error (upsert), and the project serves the same bytes', async () => {
    for (let round = 0; round < 2; round++) {
      const result = await uploadSeedPhotos({ url: ts.url, serviceRoleKey: ts.serviceRoleKey, root })
      expect(result).toEqual({ uploaded: 2, failed: [] })
    }
    for (const name of ['upload-test/listing/photo.jpg', 'upload-test/listing/photo.card.webp']) {
      const res = await fetch(`${ts.url}/storage/v1/object/public/listing-images/${name}`)
      expect(res.status).toBe(200)
      expect(
        Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(path.join(root, 'listing-images', name))),
      ).toBe(true)
    }
  })

  it('reports each refusal (a wrong key) instead of stopping', async () => {
    const result = await uploadSeedPhotos({ url: ts.url, serviceRoleKey: ts.anonKey, root })
    expect(result.uploaded).toBe(0)
    expect(result.failed).toHaveLength(2)
    for (const f of result.failed) expect(f.status >= 400 && f.status < 500, `${f.name}: ${f.status}`).toBe(true)
  })
})
