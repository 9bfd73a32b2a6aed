// The compressor's worker client: one kept-alive worker for every photo, one message per photo, replies matched by
// id, and the main-thread fallback where the worker is missing or fails. Plus the output guard (type, metadata).
import { describe, expect, it } from 'vitest'
import { compressWith, createPhotoCompressor, UnreadablePhotoError, type WorkerLike } from './compress-photo'
import type { EncodedPhoto } from './photo-encoder'
import type { WorkerReply, WorkerRequest } from './photo-worker-protocol'

const webp = (bytes: number[] = [1, 2, 3]) => new Blob([new Uint8Array(bytes)], { type: 'image/webp' })

class FakeWorker implements WorkerLike {
  onmessage: ((e: MessageEvent<WorkerReply>) => void) | null = null
  onerror: ((e: ErrorEvent) => void) | null = null
  posted: WorkerRequest[] = []
  terminated = false
  postMessage(message: WorkerRequest) {
    this.posted.push(message)
  }
  terminate() {
    this.terminated = true
  }
  reply(r: WorkerReply) {
    this.onmessage?.({ data: r } as MessageEvent<WorkerReply>)
  }
}

function setup(worker: FakeWorker | null) {
  const created: FakeWorker[] = []
  const onMain: Blob[] = []
  const compressor = createPhotoCompressor({
    createWorker: () => {
      if (worker) created.push(worker)
      return worker
    },
    encodeOnMainThread: async (file) => {
      onMain.push(file)
      return { full: webp(), card: webp() } satisfies EncodedPhoto
    },
  })
  return { compressor, created, onMain }
}

describe('the photo compressor', () => {
  it('starts one worker, keeps it for every photo and matches replies by id', async () => {
    const w = new FakeWorker()
    const { compressor, created } = setup(w)
    const a = new Blob(['a'])
    const b = new Blob(['b'])
    const pa = compressor.encode(a)
    const pb = compressor.encode(b)
    expect(created).toHaveLength(1)
    expect(w.posted.map((m) => m.file)).toEqual([a, b]) // one message per photo: decoded once, both outputs back
    const [fullB, cardB, fullA, cardA] = [webp([1]), webp([2]), webp([3]), webp([4])]
    w.reply({ id: w.posted[1]!.id, kind: 'done', full: fullB, card: cardB })
    w.reply({ id: w.posted[0]!.id, kind: 'done', full: fullA, card: cardA })
    await expect(pa).resolves.toMatchObject({ full: fullA, card: cardA })
    await expect(pb).resolves.toMatchObject({ full: fullB, card: cardB })
    void compressor.encode(new Blob(['c'])) // the next photo goes to the same worker
    expect(w.posted).toHaveLength(3)
    expect(created).toHaveLength(1)
    expect(w.terminated).toBe(false)
  })

  it('rejects a photo the worker could not decode, and keeps the worker for the next', async () => {
    const w = new FakeWorker()
    const { compressor, onMain } = setup(w)
    const p = compressor.encode(new Blob(['corrupt']))
    w.reply({ id: w.posted[0]!.id, kind: 'failed', message: 'The source image could not be decoded.' })
    await expect(p).rejects.toThrow('could not be decoded')
    expect(onMain).toHaveLength(0)
    expect(w.terminated).toBe(false)
  })

  it('runs on the main thread where there are no workers', async () => {
    const { compressor, onMain } = setup(null)
    const file = new Blob(['x'])
    await expect(compressor.encode(file)).resolves.toHaveProperty('full')
    expect(onMain).toEqual([file])
  })

  it('moves every pending photo to the main thread when the worker has no OffscreenCanvas, and stays there', async () => {
    const w = new FakeWorker()
    const { compressor, created, onMain } = setup(w)
    const [a, b, c] = [new Blob(['a']), new Blob(['b']), new Blob(['c'])]
    const pa = compressor.encode(a)
    const pb = compressor.encode(b)
    w.reply({ id: w.posted[0]!.id, kind: 'unsupported' })
    await Promise.all([pa, pb])
    expect(onMain).toEqual([a, b])
    expect(w.terminated).toBe(true)
    await compressor.encode(c)
    expect(onMain).toEqual([a, b, c])
    expect(created).toHaveLength(1)
  })

  it('moves pending photos to the main thread when the worker fails (e.g. its script cannot load)', async () => {
    const w = new FakeWorker()
    const { compressor, onMain } = setup(w)
    const a = new Blob(['a'])
    const pa = compressor.encode(a)
    w.onerror?.({ preventDefault() {} } as ErrorEvent)
    await pa
    expect(onMain).toEqual([a])
    expect(w.terminated).toBe(true)
  })
})

describe('compressWith: what may be stored', () => {
  const file = new File(['x'], 'IMG_1.jpg', { type: 'image/jpeg' })

  it('returns the WebP pair', async () => {
    const out = await compressWith(async () => ({ full: webp(), card: webp() }), file)
    expect(out).toMatchObject({ contentType: 'image/webp' })
    expect(out.blob.size).toBe(3)
  })

  it('turns any encoder failure into an unreadable photo naming the file', async () => {
    const e = await compressWith(() => Promise.reject(new Error('boom')), file).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(UnreadablePhotoError)
    expect((e as UnreadablePhotoError).fileName).toBe('IMG_1.jpg')
  })

  it('takes a JPEG pair from a browser that cannot encode WebP (Safari), stored as JPEG', async () => {
    const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' })
    const out = await compressWith(async () => ({ full: jpeg(), card: jpeg() }), file)
    expect(out.contentType).toBe('image/jpeg')
  })

  it('refuses an output that is neither WebP nor JPEG (an unsupported type comes back as PNG)', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' })
    await expect(compressWith(async () => ({ full: png, card: webp() }), file)).rejects.toBeInstanceOf(
      UnreadablePhotoError,
    )
  })

  it('never lets a file with EXIF through, even if an encoder kept it', async () => {
    const chunk = (id: string, body: number[]) =>
      [...id].map((c) => c.charCodeAt(0)).concat([body.length, 0, 0, 0], body)
    const payload = [...'WEBP'].map((c) => c.charCodeAt(0)).concat(chunk('EXIF', [0x47, 0x50, 0x53, 0]))
    const riff = [...'RIFF'].map((c) => c.charCodeAt(0)).concat([payload.length, 0, 0, 0], payload)
    const withExif = webp(riff)
    await expect(compressWith(async () => ({ full: webp(), card: withExif }), file)).rejects.toBeInstanceOf(
      UnreadablePhotoError,
    )
    await expect(compressWith(async () => ({ full: withExif, card: webp() }), file)).rejects.toBeInstanceOf(
      UnreadablePhotoError,
    )
  })
})
