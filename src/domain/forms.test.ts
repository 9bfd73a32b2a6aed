import { describe, expect, it } from 'vitest'
import {
  authModeFromQuery,
  passwordResetRedirect,
  signUpOptions,
  validateAuthForm,
  type AuthFormValues,
} from './auth-form'
import { EMPTY_CONTACT_FORM, validateContact, type ContactFormValues } from './contact-form'
import { profileUpdate, avatarInitial } from './profile'
import { isEmailAddress } from './validation'

describe('docs/product.md §5 contact form', () => {
  const ok: ContactFormValues = {
    name: 'Mia',
    email: 'mia@demo.kreis.ch',
    subject: 'feedback',
    message: 'Hello',
    sendCopy: true,
  }
  it('accepts a complete message', () => {
    expect(validateContact(ok)).toEqual({ ok: true, data: ok })
  })

  it.each<[Partial<ContactFormValues>, string, string]>([
    [{ name: ' ' }, 'name', 'contact.nameRequired'],
    [{ email: '' }, 'email', 'contact.emailRequired'],
    [{ email: 'mia@demo' }, 'email', 'contact.emailInvalid'],
    [{ subject: '' }, 'subject', 'contact.subjectRequired'],
    [{ message: '' }, 'message', 'contact.messageRequired'],
  ])('%j → %s: %s', (change, field, key) => {
    expect(validateContact({ ...ok, ...change })).toEqual({ ok: false, errors: { [field]: key } })
  })

  it('the form starts empty with "send copy" unchecked (the state it resets to after "Thank you!")', () => {
    expect(EMPTY_CONTACT_FORM).toEqual({ name: '', email: '', subject: '', message: '', sendCopy: false })
  })

  it('fields a browser hands over as missing are reported as required', () => {
    const r = validateContact({ sendCopy: false } as unknown as ContactFormValues)
    expect(r.ok ? {} : r.errors).toEqual({
      name: 'contact.nameRequired',
      email: 'contact.emailRequired',
      subject: 'contact.subjectRequired',
      message: 'contact.messageRequired',
    })
  })

  it('an empty form reports the four required fields', () => {
    const r = validateContact(EMPTY_CONTACT_FORM)
    expect(r.ok ? {} : r.errors).toEqual({
      name: 'contact.nameRequired',
      email: 'contact.emailRequired',
      subject: 'contact.subjectRequired',
      message: 'contact.messageRequired',
    })
  })
})

describe('docs/product.md §5 e-mail address pattern', () => {
  it.each([
    ['anna@demo.kreis.ch', true],
    [' anna@demo.kreis.ch ', true],
    ['a@b.c', false],
    ['anna@demo', false],
    ['anna demo@kreis.ch', false],
    ['@kreis.ch', false],
  ])('%j → %s', (email, valid) => {
    expect(isEmailAddress(email)).toBe(valid)
  })
})

describe('docs/product.md §2.5/§5 auth form', () => {
  const v: AuthFormValues = { email: 'anna@demo.kreis.ch', password: 'kreis-demo', firstName: '', lastName: '' }
  it.each([
    ['signin', 'signin'],
    ['signup', 'signup'],
    ['reset', 'signup'],
    [null, 'signup'],
  ] as const)('mode=%s opens %s (sign-up unless mode=signin)', (mode, expected) => {
    expect(authModeFromQuery(mode)).toBe(expected)
  })

  it.each([
    ['signin', v, {}],
    ['signin', { ...v, password: '12345' }, { password: 'authForm.passwordMin' }],
    ['signin', { ...v, password: '123456' }, {}],
    [
      'signin',
      { ...v, email: '', password: '' },
      { email: 'authForm.emailRequired', password: 'authForm.passwordRequired' },
    ],
    ['signup', v, { firstName: 'authForm.firstNameRequired', lastName: 'authForm.lastNameRequired' }],
    ['signup', { ...v, firstName: 'Anna', lastName: 'Müller' }, {}],
    ['reset', { ...v, password: '' }, {}],
    ['reset', { ...v, email: 'anna' }, { email: 'authForm.emailInvalid' }],
  ] as const)('%s %j → %j', (mode, values, errors) => {
    const r = validateAuthForm(mode, values)
    expect(r.ok ? {} : r.errors).toEqual(errors)
  })

  it('sign-up sends names as metadata and redirects to the root; reset to /auth/reset-password', () => {
    expect(signUpOptions({ firstName: ' Anna ', lastName: 'Müller' }, 'https://kreis.ch/')).toEqual({
      emailRedirectTo: 'https://kreis.ch/',
      data: { first_name: 'Anna', last_name: 'Müller' },
    })
    expect(passwordResetRedirect('https://kreis.ch')).toBe('https://kreis.ch/auth/reset-password')
  })
})

describe('docs/product.md §5 profile edit', () => {
  it('stores empty values as null and stamps updated_at', () => {
    const now = new Date('2026-11-22T00:00:00.000Z')
    expect(profileUpdate({ firstName: ' Noah ', lastName: '', location: '  ' }, now)).toEqual({
      first_name: 'Noah',
      last_name: null,
      location: null,
      updated_at: now.toISOString(),
    })
  })

  it.each([
    [{ firstName: 'noah', email: 'x@y.ch' }, 'N'],
    [{ firstName: ' ', email: 'mia@demo.kreis.ch' }, 'M'],
    [{ firstName: null, email: '  mia@demo.kreis.ch' }, 'M'],
    [{ firstName: '', email: '' }, '?'],
    [{}, '?'],
  ])('avatar initial of %j is %s', (user, initial) => {
    expect(avatarInitial(user)).toBe(initial)
  })
})

describe('docs/product.md §2.5/§5 auth form: values as a browser may hand them over', () => {
  it.each([
    [
      'signup',
      { email: undefined, password: undefined, firstName: undefined, lastName: undefined },
      {
        email: 'authForm.emailRequired',
        password: 'authForm.passwordRequired',
        firstName: 'authForm.firstNameRequired',
        lastName: 'authForm.lastNameRequired',
      },
    ],
    ['signin', { email: 'anna@demo.kreis.ch', password: '' }, { password: 'authForm.passwordRequired' }],
    [
      'signup',
      { email: 'anna@demo.kreis.ch', password: 'kreis-demo', firstName: '  ', lastName: ' ' },
      { firstName: 'authForm.firstNameRequired', lastName: 'authForm.lastNameRequired' },
    ],
  ] as const)('%s %j → %j', (mode, values, errors) => {
    const r = validateAuthForm(mode, values as unknown as AuthFormValues)
    expect(r.ok ? {} : r.errors).toEqual(errors)
  })

  it('sends both names trimmed and builds the links on an origin with trailing slashes', () => {
    expect(signUpOptions({ firstName: 'Anna', lastName: ' Müller ' }, 'https://kreis.ch//')).toEqual({
      emailRedirectTo: 'https://kreis.ch/',
      data: { first_name: 'Anna', last_name: 'Müller' },
    })
    expect(passwordResetRedirect('https://kreis.ch//')).toBe('https://kreis.ch/auth/reset-password')
  })
})
