// Profile edit (docs/product.md §2.9, §5 profile edit, §7.2 profile update) and the header's avatar initial (§2.4).
import { nullIfBlank } from './validation'

export interface ProfileFormValues {
  firstName: string
  lastName: string
  location: string
}

/** The profile update: each field optional, an empty value becomes null. */
export const profileUpdate = (values: ProfileFormValues, now: Date) => ({
  first_name: nullIfBlank(values.firstName),
  last_name: nullIfBlank(values.lastName),
  location: nullIfBlank(values.location),
  updated_at: now.toISOString(),
})

/** The avatar initial: of the first name, else of the e-mail, upper-cased; "?" when there is neither. */
export function avatarInitial(p: { firstName?: string | null; email?: string | null }): string {
  const source = p.firstName?.trim() || p.email?.trim() || ''
  return (Array.from(source)[0] ?? '?').toUpperCase()
}
