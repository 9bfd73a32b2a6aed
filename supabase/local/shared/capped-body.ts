/**
 * A request body read without trusting its size: refused by Content-Length when that already says too much, then
 * counted while it streams in (a chunked body names no length), so no more than `cap` bytes are ever held.
 */

/** The body's bytes, or null when it is (or says it is) larger than `cap`. */
export async function readCappedBytes(req: Request, cap: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(req.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > cap) return null
  if (!req.body) return new Uint8Array()
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > cap) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  const out = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}

/** The body as UTF-8 text, or null when it is larger than `cap` bytes. */
export async function readCappedText(req: Request, cap: number): Promise<string | null> {
  const bytes = await readCappedBytes(req, cap)
  return bytes === null ? null : new TextDecoder().decode(bytes)
}
