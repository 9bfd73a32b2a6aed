/**
 * The photo pipeline (docs/decisions.md#D-photo-pipeline, docs/architecture.md §6 photo budget): each picked file becomes a WebP of long edge ≤ 1600 px
 * and ≤ 300 KB plus a card image (≈ 480 px, ≤ 40 KB), orientation applied, no EXIF/GPS (photo-encoder.ts).
 *
 * The work runs in ONE module worker (photo.worker.ts, bundled from our own origin and precached with the app's
 * other scripts), started on the first photo and kept alive for the page's life: each photo is one message, decoded
 * once, answered with both outputs. Where workers (or OffscreenCanvas inside them) are missing, or the worker fails,
 * the same encoder runs on the main thread.
 */
import { imageMetadataBlocks, isPhotoOutputType } from '@/domain/photos'
import type { EncodedPhoto } from './photo-encoder'
import type { WorkerReply, WorkerRequest } from './photo-worker-protocol'

export interface CompressedPhoto {
  blob: Blob
  card: Blob
  contentType: string
  timings?: EncodedPhoto['timings']
}

/** Thrown when a file cannot be decoded (corrupt, or an image type the browser cannot read). */
export class UnreadablePhotoError extends Error {
  constructor(
    readonly fileName: string,
    cause?: unknown,
  ) {
    super(`cannot read ${fileName}`, { cause })
  }
}

/** The parts of a Worker the compressor uses (a fake in tests). */
export type WorkerLike = Pick<Worker, 'postMessage' | 'terminate'> & {
  onmessage: ((e: MessageEvent<WorkerReply>) => void) | null
  onerror: ((e: ErrorEvent) => void) | null
}

interface Job {
  file: Blob
  resolve(photo: EncodedPhoto): void
  reject(error: unknown): void
}

export interface PhotoCompressorDeps {
  /** Null where the browser has no workers. */
  createWorker: () => WorkerLike | null
  encodeOnMainThread: (file: Blob) => Promise<EncodedPhoto>
}

/** One kept-alive worker, jobs matched to replies by id; any worker failure moves its jobs to the main thread. */
export function createPhotoCompressor(deps: PhotoCompressorDeps) {
  let worker: WorkerLike | null = null
  let workerUnusable = false
  let nextId = 0
  const jobs = new Map<number, Job>()

  const onMainThread = (job: Job) => {
    deps.encodeOnMainThread(job.file).then(job.resolve, job.reject)
  }

  const abandonWorker = () => {
    workerUnusable = true
    worker?.terminate()
    worker = null
    const pending = [...jobs.values()]
    jobs.clear()
    pending.forEach(onMainThread)
  }

  const startWorker = (): WorkerLike | null => {
    if (worker || workerUnusable) return worker
    try {
      worker = deps.createWorker()
    } catch {
      worker = null
    }
    if (!worker) {
      workerUnusable = true
      return null
    }
    worker.onmessage = (e) => {
      const reply = e.data
      const job = jobs.get(reply.id)
      if (!job) return
      if (reply.kind === 'unsupported') return abandonWorker()
      jobs.delete(reply.id)
      if (reply.kind === 'done') job.resolve({ full: reply.full, card: reply.card, timings: reply.timings })
      else job.reject(new Error(reply.message))
    }
    worker.onerror = (e) => {
      e.preventDefault?.()
      abandonWorker()
    }
    return worker
  }

  return {
    encode(file: Blob): Promise<EncodedPhoto> {
      return new Promise<EncodedPhoto>((resolve, reject) => {
        const job: Job = { file, resolve, reject }
        const w = startWorker()
        if (!w) return onMainThread(job)
        const id = ++nextId
        jobs.set(id, job)
        w.postMessage({ id, file } satisfies WorkerRequest)
      })
    },
    dispose() {
      worker?.terminate()
      worker = null
    },
  }
}

const compressor = createPhotoCompressor({
  createWorker: () =>
    typeof Worker === 'undefined'
      ? null
      : (new Worker(new URL('./photo.worker.ts', import.meta.url), {
          type: 'module',
          name: 'kreis-photo-compressor',
        }) as WorkerLike),
  encodeOnMainThread: (file) => import('./photo-encoder').then((m) => m.encodePhoto(file)),
})

/** A guard, not the mechanism: canvas re-encoding drops metadata; a file that still has some is never stored. */
async function assertNoMetadata(blob: Blob, fileName: string): Promise<void> {
  const head = new Uint8Array(await blob.slice(0, 64 * 1024).arrayBuffer())
  if (imageMetadataBlocks(head).length > 0)
    throw new UnreadablePhotoError(fileName, new Error('metadata survived re-encoding'))
}

/** Checks and wraps the encoder's outputs (exported for tests; compressPhoto is the app's entry). */
export async function compressWith(
  encode: (file: Blob) => Promise<EncodedPhoto>,
  file: File,
): Promise<CompressedPhoto> {
  let out: EncodedPhoto
  try {
    out = await encode(file)
  } catch (e) {
    throw new UnreadablePhotoError(file.name, e)
  }
  const contentType = out.full.type
  if (!isPhotoOutputType(contentType) || !isPhotoOutputType(out.card.type)) throw new UnreadablePhotoError(file.name)
  await assertNoMetadata(out.full, file.name)
  await assertNoMetadata(out.card, file.name)
  return { blob: out.full, card: out.card, contentType, timings: out.timings }
}

export const compressPhoto = (file: File): Promise<CompressedPhoto> => compressWith(compressor.encode, file)
