/**
 * Where object bytes live: plain files under `<root>/<bucket>/<name>`. Rows in storage.objects (and their RLS)
 * decide who may touch an object; this module only moves bytes. Names are checked before they reach the disk.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { storageErrors } from './errors.ts'

/** What the disk answers when a name runs into a folder (`a/b` over `a/b/c`) or through a file (`a/b/c` under `a/b`). */
const PATH_CLASH = new Set(['EISDIR', 'ENOTDIR', 'EEXIST', 'ENAMETOOLONG', 'ERR_FS_EISDIR'])
const clash = (e: unknown) => PATH_CLASH.has((e as NodeJS.ErrnoException).code ?? '')

export class BlobStore {
  constructor(readonly root: string) {}

  private file(bucket: string, name: string): string {
    const full = path.resolve(this.root, bucket, name)
    if (!full.startsWith(path.resolve(this.root, bucket) + path.sep))
      throw new Error(`object name escapes its bucket: ${name}`)
    return full
  }

  async put(bucket: string, name: string, bytes: Uint8Array): Promise<void> {
    const file = this.file(bucket, name)
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
    try {
      await fs.mkdir(path.dirname(file), { recursive: true })
      await fs.writeFile(tmp, bytes)
      await fs.rename(tmp, file)
    } catch (e) {
      await fs.rm(tmp, { force: true }).catch(() => {})
      if (clash(e)) throw storageErrors.nameTaken(name)
      throw e
    }
  }

  async get(bucket: string, name: string): Promise<Uint8Array<ArrayBuffer> | null> {
    try {
      return new Uint8Array(await fs.readFile(this.file(bucket, name)))
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || clash(e)) return null
      throw e
    }
  }

  async remove(bucket: string, name: string): Promise<void> {
    await fs.rm(this.file(bucket, name), { force: true }).catch((e: unknown) => {
      if (!clash(e)) throw e
    })
  }

  /** Copies a tree laid out as `<bucket>/<name>` (the seed's files) into the store. */
  async importTree(dir: string): Promise<void> {
    await fs.mkdir(this.root, { recursive: true })
    await fs.cp(dir, this.root, { recursive: true, force: true })
  }
}
