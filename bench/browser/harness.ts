/**
 * Node side of the in-browser benches: builds the bench page with Vite (root bench/browser, the app's `@` alias),
 * serves the build from a tiny static server on a free port, and launches the system Chromium
 * (docs/frontend.md §3). `close()` undoes all three, temp directory included.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser } from 'playwright-core'
import { build } from 'vite'

const ROOT = import.meta.dirname
const SRC = path.resolve(ROOT, '../../src')
const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
}

export interface BenchHarness {
  /** The page's origin, e.g. http://127.0.0.1:41234 (for the stack's CORS list). */
  origin: string
  browser: Browser
  close(): Promise<void>
}

async function buildPage(root: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    // `kreis-src/…` is the page's own name for src/ (see kreis-src.d.ts); src itself uses `@/…`.
    resolve: { alias: { '@': SRC, 'kreis-src': SRC } },
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: false, reportCompressedSize: false },
  })
}

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const rel = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname).replace(/^\/+/, '')
    const file = path.resolve(dir, rel)
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file)) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    })
    fs.createReadStream(file).pipe(res)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** Builds, serves and launches; `root` is the page's directory (bench/browser unless probing). */
export async function startHarness(root = ROOT): Promise<BenchHarness> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-bench-page-'))
  let server: http.Server | null = null
  let browser: Browser | null = null
  const close = async () => {
    await browser?.close().catch(() => {})
    if (server) await new Promise<void>((r) => server!.close(() => r()))
    fs.rmSync(outDir, { recursive: true, force: true })
  }
  try {
    await buildPage(root, outDir)
    server = await serve(outDir)
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    const { port } = server.address() as AddressInfo
    return { origin: `http://127.0.0.1:${port}`, browser, close }
  } catch (e) {
    await close()
    throw e
  }
}
