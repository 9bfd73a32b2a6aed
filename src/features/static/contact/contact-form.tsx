import { useEffect, useRef, useState, type FormEvent } from 'react'
import { CONTACT_CONFIRMATION_MS } from '@/domain/constants'
import {
  CONTACT_SUBJECTS,
  EMPTY_CONTACT_FORM,
  validateContact,
  type ContactFormValues,
  type ContactMessageKey,
} from '@/domain/contact-form'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { Button } from '@/ui/button'
import { Checkbox, Input, Select, TextArea } from '@/ui/input'
import { toast } from '@/ui/toast/toast-store'

type Errors = Partial<Record<keyof ContactFormValues, ContactMessageKey>>
const FIELD_ORDER = ['name', 'email', 'subject', 'message'] as const

const check = (values: ContactFormValues): Errors => {
  const result = validateContact(values)
  return result.ok ? {} : result.errors
}

/**
 * The contact form (docs/product.md §2.14, §5). Sending is simulated — nothing leaves the device: "Thank you!" shows for 5 s,
 * then the form comes back empty.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM)
  const [errors, setErrors] = useState<Errors>({})
  const [attempted, setAttempted] = useState(false)
  const [sent, setSent] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (!sent) return
    const timer = setTimeout(() => {
      setSent(false)
      setValues(EMPTY_CONTACT_FORM)
      setErrors({})
      setAttempted(false)
    }, CONTACT_CONFIRMATION_MS)
    return () => clearTimeout(timer)
  }, [sent])

  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) => {
    const next = { ...values, [key]: value }
    setValues(next)
    // After a first failed send, errors follow the typing so a fixed field clears at once.
    if (attempted) setErrors(check(next))
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = check(values)
    setErrors(found)
    setAttempted(true)
    const firstInvalid = FIELD_ORDER.find((f) => found[f])
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus()
      return
    }
    setSent(true)
    toast(renderToast(TOASTS.contactSent))
  }

  const error = (field: keyof ContactFormValues) => {
    const key = errors[field]
    return key ? t(key) : undefined
  }

  if (sent) {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-3 rounded-2xl border border-green-200 bg-green-50 p-10 text-center"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-12 w-12 text-green-800"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="M7 12.5l3.5 3.5L17 9" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h2 className="text-2xl font-bold text-green-900">{t('contact.thankYou')}</h2>
      </div>
    )
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label={t('contact.title')}>
      <Input
        label={t('contact.name')}
        name="name"
        required
        autoComplete="name"
        value={values.name}
        error={error('name')}
        onChange={(e) => set('name', e.target.value)}
      />
      <Input
        label={t('contact.email')}
        name="email"
        type="email"
        required
        autoComplete="email"
        value={values.email}
        error={error('email')}
        onChange={(e) => set('email', e.target.value)}
      />
      <Select
        label={t('contact.subject')}
        name="subject"
        required
        value={values.subject}
        error={error('subject')}
        onChange={(e) => set('subject', e.target.value as ContactFormValues['subject'])}
      >
        <option value="">{t('contact.subjectPlaceholder')}</option>
        {CONTACT_SUBJECTS.map((s) => (
          <option key={s} value={s}>
            {t(`contact.subject.${s}`)}
          </option>
        ))}
      </Select>
      <TextArea
        label={t('contact.message')}
        name="message"
        required
        value={values.message}
        error={error('message')}
        onChange={(e) => set('message', e.target.value)}
      />
      <Checkbox
        label={t('contact.sendCopy')}
        name="sendCopy"
        checked={values.sendCopy}
        onChange={(e) => set('sendCopy', e.target.checked)}
      />
      <Button type="submit" size="lg" className="self-start">
        {t('contact.submit')}
      </Button>
    </form>
  )
}
