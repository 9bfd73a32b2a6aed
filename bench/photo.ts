/**
 * The photo pipeline in headless Chromium (docs/decisions.md#D-photo-pipeline, docs/architecture.md §6 photo budget): a 12 MP phone-like JPEG with
 * EXIF and GPS goes through the sell flow's compressor (one kept-alive module worker from our own origin: decode
 * once, full image, card image from the resized bitmap) to the upload-ready full image and card image. Prints the
 * median time of 5 warm runs (after 1 cold run), the sizes, the longest main-thread task seen while compressing,
 * any metadata left, and the worker's own split (decode / full image / card image: the floor under the total).
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { build } from 'vite'
import { percentile, type Figure } from './figure.ts'

const ROOT = path.resolve(import.meta.dirname, 'photo')
const REPO = path.resolve(import.meta.dirname, '..')
const RUNS = 5
const COMMAND = 'npm run bench -- photo'

async function makePhoto(file: string): Promise<void> {
  const [w, h] = [4032, 3024]
  const noise = await sharp({
    create: {
      width: w,
      height: h,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer()
  const svg = Buffer.from(
    `<svg width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8cb8e8"/><stop offset="1" stop-color="#4d6b2f"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)" opacity="0.8"/>` +
      Array.from(
        { length: 60 },
        (_, i) =>
          `<circle cx="${(i * 613) % w}" cy="${(i * 397) % h}" r="${80 + ((i * 37) % 200)}" fill="hsl(${(i * 47) % 360},60%,50%)" opacity="0.35"/>`,
      ).join('') +
      `</svg>`,
  )
  await sharp(noise)
    .composite([{ input: svg }])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'BenchPhone', Model: '12MP' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '8/1 32/1 0/1' },
    })
    .toFile(file)
}

function serve(dir: string): Promise<http.Server> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.jpg': 'image/jpeg' }
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html'
    const file = path.resolve(dir, rel)
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file)) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' })
    fs.createReadStream(file).pipe(res)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

interface Run {
  ms: number
  fullBytes: number
  cardBytes: number
  longestTaskMs: number
  metadata: string[]
  fullType: string
  timings: { decodeMs: number; fullMs: number; cardMs: number } | null
}

export async function run(): Promise<Figure[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-bench-photo-'))
  let server: http.Server | null = null
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  try {
    await build({
      configFile: false,
      root: ROOT,
      publicDir: false, // the compressor's worker is bundled from src like the app's own chunks
      logLevel: 'warn',
      resolve: { alias: { '@': path.join(REPO, 'src'), 'kreis-src': path.join(REPO, 'src') } },
      build: { outDir, emptyOutDir: true, target: 'es2022', reportCompressedSize: false },
    })
    await makePhoto(path.join(outDir, 'photo.jpg'))
    const inputBytes = fs.statSync(path.join(outDir, 'photo.jpg')).size
    server = await serve(outDir)
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const page = await browser.newPage()
    const cdn: string[] = []
    page.on('request', (r) => {
      if (/^https?:/.test(r.url()) && !r.url().startsWith(origin)) cdn.push(r.url())
    })
    await page.goto(origin)
    await page.waitForFunction(() => document.title === 'bench ready')
    const call = (runs: number) =>
      page.evaluate(
        ([u, n]) => (window as unknown as { benchPhoto(u: string, n: number): Promise<Run[]> }).benchPhoto(u, n),
        ['/photo.jpg', runs] as const,
      )
    const [cold] = await call(1)
    const warm = await call(RUNS)
    const all = [cold!, ...warm]
    const median = percentile(
      warm.map((r) => r.ms),
      50,
    )
    const split = (key: 'decodeMs' | 'fullMs' | 'cardMs') =>
      percentile(
        warm.map((r) => r.timings?.[key] ?? NaN),
        50,
      ).toFixed(0)
    const note =
      `input ${(inputBytes / 1e6).toFixed(2)} MB 4032×3024 with EXIF+GPS → ${warm[0]!.fullType}; cold first run ${cold!.ms.toFixed(0)} ms; ` +
      `warm runs ${warm.map((r) => r.ms.toFixed(0)).join(', ')} ms; inside the worker (medians): decode ${split('decodeMs')} ms, ` +
      `full image (resize + WebP encode) ${split('fullMs')} ms, card image ${split('cardMs')} ms; requests to other origins (a CDN): ${cdn.length}; machine load average at the end: ${os.loadavg()[0]!.toFixed(1)}` +
      ` (headless desktop Chromium with CPU raster; phones are slower, docs/photo.md §2)`
    return [
      {
        figure: 'photo: 12 MP JPEG → upload-ready full + card image (median)',
        value: median,
        unit: 'ms',
        budget: { op: '<=', limit: 600 },
        command: COMMAND,
        note,
      },
      {
        figure: 'photo: full image size (largest run)',
        value: Math.max(...all.map((r) => r.fullBytes)) / 1000,
        unit: 'KB',
        budget: { op: '<=', limit: 300 },
        command: COMMAND,
      },
      {
        figure: 'photo: card image size (largest run)',
        value: Math.max(...all.map((r) => r.cardBytes)) / 1000,
        unit: 'KB',
        budget: { op: '<=', limit: 40 },
        command: COMMAND,
      },
      {
        figure: 'photo: longest main-thread task while compressing (warm runs)',
        value: Math.max(...warm.map((r) => r.longestTaskMs)),
        unit: 'ms',
        budget: { op: '<=', limit: 50 },
        command: COMMAND,
        note: `cold run: ${cold!.longestTaskMs.toFixed(0)} ms`,
      },
      {
        figure: 'photo: EXIF/GPS/XMP blocks left in the outputs',
        value: all.reduce((n, r) => n + r.metadata.length, 0),
        unit: 'blocks',
        budget: { op: '<=', limit: 0 },
        command: COMMAND,
      },
    ]
  } finally {
    await browser.close().catch(() => {})
    if (server) await new Promise<void>((r) => server!.close(() => r()))
    fs.rmSync(outDir, { recursive: true, force: true })
  }
}
