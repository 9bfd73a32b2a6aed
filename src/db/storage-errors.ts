/**
 * IndexedDB failures the user must hear about, recognised by name (Dexie wraps the DOMException but keeps its
 * name, and puts the original in `inner`). Chrome may report a full disk as an AbortError whose inner error is
 * QuotaExceededError (docs/frontend.md#B4).
 */
export type StorageProblem = 'quota-exceeded' | 'connection-lost'

const CONNECTION_LOST = new Set(['DatabaseClosedError', 'InvalidStateError', 'UnknownError', 'MissingAPIError'])

function names(e: unknown): string[] {
  const out: string[] = []
  let cur: unknown = e
  for (let depth = 0; cur && typeof cur === 'object' && depth < 4; depth++) {
    const name = (cur as { name?: unknown }).name
    if (typeof name === 'string') out.push(name)
    cur = (cur as { inner?: unknown }).inner
  }
  return out
}

/** The storage problem behind an error, or null when it is something else. */
export function storageProblemOf(e: unknown): StorageProblem | null {
  const n = names(e)
  if (n.includes('QuotaExceededError')) return 'quota-exceeded'
  if (n.some((x) => CONNECTION_LOST.has(x))) return 'connection-lost'
  return null
}

/** User-facing text for a storage problem. */
export const STORAGE_PROBLEM_MESSAGES: Record<StorageProblem, string> = {
  'quota-exceeded': 'Your device is out of storage space for Kreis. Free some space, then try again.',
  'connection-lost': 'The local database stopped responding. Reload the page to continue.',
}

let persistRequested = false

/**
 * Asks the browser to keep our data under storage pressure, once, after the first local write (browsers grant
 * it more readily for sites the user saves things in; docs/frontend.md#B4).
 */
export async function requestPersistenceOnce(
  storage: StorageManager | undefined = globalThis.navigator?.storage,
): Promise<boolean | null> {
  if (persistRequested || !storage?.persist) return null
  persistRequested = true
  try {
    return await storage.persist()
  } catch {
    return false
  }
}

/** For tests: forget that persistence was requested. */
export function resetPersistenceRequest(): void {
  persistRequested = false
}
