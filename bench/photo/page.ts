// The photo bench page: runs the sell flow's real pipeline (src/features/sell/photos/compress-photo.ts: one kept-alive
// module worker from this origin that decodes each photo once and makes the full and the card image) on a photo and
// reports, per run, the time to upload-ready blobs, their sizes, where the worker spent its time, and the longest
// main-thread task meanwhile. A rAF loop keeps frames coming.
import { compressPhoto } from 'kreis-src/features/sell/photos/compress-photo'
import { imageMetadataBlocks } from 'kreis-src/domain/photos'

interface Run {
  ms: number
  fullBytes: number
  cardBytes: number
  longestTaskMs: number
  metadata: string[]
  fullType: string
  timings: { decodeMs: number; fullMs: number; cardMs: number } | null
}

let frames = 0
const tick = () => {
  frames++
  document.getElementById('frame')!.textContent = String(frames)
  requestAnimationFrame(tick)
}
requestAnimationFrame(tick)

async function once(file: File): Promise<Run> {
  const tasks: number[] = []
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)))
  observer.observe({ type: 'longtask', buffered: false })
  const t0 = performance.now()
  const out = await compressPhoto(file)
  const ms = performance.now() - t0
  await new Promise((r) => setTimeout(r, 50)) // let the observer deliver
  observer.disconnect()
  const full = new Uint8Array(await out.blob.arrayBuffer())
  const card = new Uint8Array(await out.card.arrayBuffer())
  return {
    ms,
    fullBytes: full.length,
    cardBytes: card.length,
    longestTaskMs: Math.max(0, ...tasks),
    metadata: [...(imageMetadataBlocks(full) as string[]), ...(imageMetadataBlocks(card) as string[])],
    fullType: out.blob.type,
    timings: out.timings ?? null,
  }
}

;(window as unknown as { benchPhoto: (url: string, runs: number) => Promise<Run[]> }).benchPhoto = async (
  url,
  runs,
) => {
  const bytes = await (await fetch(url)).blob()
  const file = new File([bytes], 'IMG_4032.jpg', { type: 'image/jpeg' })
  const out: Run[] = []
  for (let i = 0; i < runs; i++) out.push(await once(file))
  return out
}
document.title = 'bench ready'
