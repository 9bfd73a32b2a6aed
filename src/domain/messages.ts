// Every catalogue key the domain can emit. src/i18n checks at compile time that each has a text in every locale.
import type { AuthFormMessageKey } from './auth-form'
import type { ContactMessageKey } from './contact-form'
import type { AuthMessageKey } from './errors'
import type { DetailsMessageKey } from './listing-form'
import type { PublishMessageKey } from './listing-publish'
import type { ToastMessageKey } from './toasts'

export type DomainMessageKey =
  | AuthFormMessageKey
  | AuthMessageKey
  | ContactMessageKey
  | DetailsMessageKey
  | PublishMessageKey
  | ToastMessageKey
  | 'feed.fetchFailed'

export { AUTH_FORM_MESSAGE_KEYS } from './auth-form'
export { CONTACT_MESSAGE_KEYS } from './contact-form'
export { AUTH_MESSAGE_KEYS } from './errors'
export { DETAILS_MESSAGE_KEYS } from './listing-form'
export { PUBLISH_MESSAGE_KEYS } from './listing-publish'
export { TOAST_MESSAGE_KEYS } from './toasts'

export const OTHER_DOMAIN_MESSAGE_KEYS = ['feed.fetchFailed'] as const
