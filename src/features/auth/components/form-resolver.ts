import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import type { Validated } from '@/domain/validation'
import { t, type CatalogueKey } from '@/i18n'

/**
 * A react-hook-form resolver over one of the domain's validators (zod/mini schemas whose messages are catalogue
 * keys): the form shows the first message of each field, in words.
 */
export function domainResolver<V extends FieldValues, K extends CatalogueKey>(
  check: (values: V) => Validated<unknown, Extract<keyof V, string>, K>,
): Resolver<V> {
  return (values) => {
    const r = check(values)
    if (r.ok) return { values, errors: {} }
    const errors: Record<string, { type: string; message: string }> = {}
    for (const [field, key] of Object.entries(r.errors) as [string, K][])
      errors[field] = { type: 'validate', message: t(key) }
    return { values: {}, errors: errors as FieldErrors<V> }
  }
}
