/** Messages between compress-photo.ts and photo.worker.ts. */
import type { EncodedPhoto } from './photo-encoder'

export interface WorkerRequest {
  id: number
  file: Blob
}

export type WorkerReply =
  | { id: number; kind: 'done'; full: Blob; card: Blob; timings?: EncodedPhoto['timings'] }
  | { id: number; kind: 'failed'; message: string }
  | { id: number; kind: 'unsupported' }
