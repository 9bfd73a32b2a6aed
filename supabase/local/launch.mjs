// `npm run stack` and the fast start path of the local stack (docs/decisions.md#D-fast-start): instead of tsx transforming every
// TypeScript module at each start, the stack runs from one ES module bundled by esbuild (already installed for vite
// and tsx) into node_modules/.cache/kreis/. The bundle is reused while every source file it was built from has the
// same content (their sha1s are kept in a manifest beside it); otherwise it is rebuilt, which takes about a second.
// Code splitting keeps stack.ts's dynamic imports (the HTTP APIs, realtime) in their own chunks, so they still load
// while PGlite compiles its WASM instead of before.
// Packages stay external (Node resolves them from node_modules as usual); SQL files are still read from
// supabase/, because each module's import.meta.url is rewritten to its source file's URL.
//
// Plain JavaScript on purpose: this file must start without tsx.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const HERE = path.dirname(fileURLToPath(import.meta.url))
const ROOT = path.resolve(HERE, '../..')
const ENTRY = path.join(HERE, 'bundle-entry.ts')
// KREIS_BUNDLE_DIR: another cache directory (launch.test.ts builds into a temporary one, leaving the shared cache alone).
export const BUNDLE_CACHE_DIR = process.env.KREIS_BUNDLE_DIR
  ? path.resolve(process.env.KREIS_BUNDLE_DIR)
  : path.join(ROOT, 'node_modules', '.cache', 'kreis')
const MANIFEST = path.join(BUNDLE_CACHE_DIR, 'stack-bundle.json')
/** Bumped when the build options below change, so an older bundle is not reused. */
const FORMAT = 2

const sha1 = (file) => crypto.createHash('sha1').update(fs.readFileSync(file)).digest('hex')

/** The bundle built from exactly the current sources, or null. */
export function currentBundle() {
  let manifest
  try {
    manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8'))
  } catch {
    return null
  }
  if (manifest.format !== FORMAT || typeof manifest.bundle !== 'string') return null
  const bundle = path.join(BUNDLE_CACHE_DIR, manifest.bundle, manifest.entry ?? '')
  if (!fs.existsSync(bundle)) return null
  for (const [rel, hash] of Object.entries(manifest.inputs ?? {})) {
    try {
      if (sha1(path.join(ROOT, rel)) !== hash) return null
    } catch {
      return null
    }
  }
  return bundle
}

/** esbuild plugin: every module keeps its own import.meta.url (paths to its SQL files), as when run from source. */
const ownUrls = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8')
      const url = pathToFileURL(args.path).href
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(url))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
      return { contents, loader: 'ts' }
    })
  },
}

export async function buildBundle() {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    splitting: true,
    outdir: BUNDLE_CACHE_DIR,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    metafile: true,
    sourcemap: 'inline',
    logLevel: 'silent',
    plugins: [ownUrls],
  })
  const inputs = {}
  for (const rel of Object.keys(result.metafile.inputs)) {
    const file = path.resolve(process.cwd(), rel)
    inputs[path.relative(ROOT, file)] = sha1(file)
  }
  const all = crypto.createHash('sha1')
  for (const out of result.outputFiles) all.update(out.path).update(out.contents)
  const name = `stack-${all.digest('hex').slice(0, 16)}`
  // Written under a temporary name and renamed, so a concurrent start never sees half a bundle.
  const tmp = path.join(BUNDLE_CACHE_DIR, `${name}.${process.pid}.tmp`)
  fs.mkdirSync(tmp, { recursive: true })
  for (const out of result.outputFiles) {
    fs.writeFileSync(path.join(tmp, path.relative(BUNDLE_CACHE_DIR, out.path)), out.contents)
  }
  const dir = path.join(BUNDLE_CACHE_DIR, name)
  if (fs.existsSync(dir)) fs.rmSync(tmp, { recursive: true, force: true })
  else fs.renameSync(tmp, dir)
  fs.writeFileSync(
    `${MANIFEST}.${process.pid}.tmp`,
    JSON.stringify({ format: FORMAT, bundle: name, entry: 'bundle-entry.mjs', inputs }, null, 1),
  )
  fs.renameSync(`${MANIFEST}.${process.pid}.tmp`, MANIFEST)
  // Bundles of earlier sources go once no start can still be loading their chunks.
  for (const old of fs.readdirSync(BUNDLE_CACHE_DIR)) {
    const file = path.join(BUNDLE_CACHE_DIR, old)
    if (
      old.startsWith('stack-') &&
      old !== name &&
      !old.endsWith('.json') &&
      Date.now() - fs.statSync(file).mtimeMs > 3_600_000
    ) {
      fs.rmSync(file, { recursive: true, force: true })
    }
  }
  return path.join(dir, 'bundle-entry.mjs')
}

/** The stack's modules from the bundle, built first if the sources changed. */
export async function loadStack() {
  const bundle = currentBundle() ?? (await buildBundle())
  return import(pathToFileURL(bundle).href)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const stack = await loadStack()
  stack.runStack().catch((e) => {
    console.error(e instanceof stack.DataDirLockedError ? `[kreis] ${e.message}` : e)
    process.exit(1)
  })
}
