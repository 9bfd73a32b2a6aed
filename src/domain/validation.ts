// Turning a zod result into what a form shows: the first message key per field, in schema order.
import type * as z from 'zod/mini'

export type FieldErrors<F extends string, K extends string> = Partial<Record<F, K>>

export type Validated<T, F extends string, K extends string> =
  { readonly ok: true; readonly data: T } | { readonly ok: false; readonly errors: FieldErrors<F, K> }

/**
 * Every check in our schemas carries a catalogue key as its message (never zod's English default), so each
 * issue's message is a key of K; `schemaKeys` is the list of those keys, used to keep that promise honest.
 */
export function validate<T, F extends string, K extends string>(
  schema: z.ZodMiniType<T>,
  input: unknown,
  schemaKeys: readonly K[],
): Validated<T, F, K> {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, data: result.data }
  const errors: FieldErrors<F, K> = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F
    if (!(schemaKeys as readonly string[]).includes(issue.message)) {
      throw new Error(`Schema issue without a catalogue key at "${field}": ${issue.message}`)
    }
    errors[field] ??= issue.message as K
  }
  return { ok: false, errors }
}

/** One address pattern for every e-mail field (contact, auth, trial): something@domain.tld. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

export const isEmailAddress = (value: string): boolean => EMAIL_PATTERN.test(value.trim())

/** Optional text columns: trimmed, and null when nothing is left (docs/product.md §5 normalisation, profile edit). */
export function nullIfBlank(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}
