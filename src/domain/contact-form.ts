// The contact form (docs/product.md §2.14, §5 contact form). Submission is simulated; only validation is real.
import * as z from 'zod/mini'
import { EMAIL_PATTERN, validate, type Validated } from './validation'

export const CONTACT_SUBJECTS = ['general', 'technical', 'feedback', 'other'] as const
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]

export interface ContactFormValues {
  name: string
  email: string
  subject: ContactSubject | ''
  message: string
  sendCopy: boolean
}

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', subject: '', message: '', sendCopy: false }

export const CONTACT_MESSAGE_KEYS = [
  'contact.nameRequired',
  'contact.emailRequired',
  'contact.emailInvalid',
  'contact.subjectRequired',
  'contact.messageRequired',
] as const
export type ContactMessageKey = (typeof CONTACT_MESSAGE_KEYS)[number]

const required = (key: ContactMessageKey) => z.string({ error: key }).check(z.trim(), z.minLength(1, key))

// Each field reports its first failing check: an empty e-mail is "required", not also "invalid".
export const contactFormSchema = z.object({
  name: required('contact.nameRequired'),
  email: required('contact.emailRequired').check(z.regex(EMAIL_PATTERN, 'contact.emailInvalid')),
  subject: z.enum(CONTACT_SUBJECTS, { error: 'contact.subjectRequired' }),
  message: required('contact.messageRequired'),
  sendCopy: z.boolean(),
})

export type ContactMessage = z.infer<typeof contactFormSchema>

export const validateContact = (
  values: ContactFormValues,
): Validated<ContactMessage, keyof ContactFormValues, ContactMessageKey> =>
  validate(contactFormSchema, values, CONTACT_MESSAGE_KEYS)
