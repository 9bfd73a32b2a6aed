/**
 * The photo compressor's worker (docs/decisions.md#D-photo-pipeline): kept alive by compress-photo.ts for the page's life, one message per
 * photo, one photo at a time. Each photo is decoded once and answered with both outputs (photo-encoder.ts).
 * A worker without OffscreenCanvas answers `unsupported`, and the page falls back to the main thread.
 */
import { encodePhoto } from './photo-encoder'
import type { WorkerReply, WorkerRequest } from './photo-worker-protocol'

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null
  postMessage(message: WorkerReply): void
}

let queue: Promise<void> = Promise.resolve()

scope.onmessage = (e) => {
  const { id, file } = e.data
  queue = queue.then(async () => {
    if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') {
      scope.postMessage({ id, kind: 'unsupported' })
      return
    }
    try {
      const { full, card, timings } = await encodePhoto(file)
      scope.postMessage({ id, kind: 'done', full, card, timings })
    } catch (error) {
      scope.postMessage({ id, kind: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  })
}
