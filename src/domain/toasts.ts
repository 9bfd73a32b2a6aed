// The fixed toasts of the error catalogue (docs/product.md §8), as data: which title goes with which description, and
// which are destructive. Their words live in src/i18n under the same keys. Toasts built from a server message
// or an item are made by the functions of errors.ts, messaging.ts and favourites below.
import type { Message, Toast } from './message'

export const TOAST_MESSAGE_KEYS = [
  'toast.error', 'toast.unexpected', 'toast.unexpectedDescription', 'toast.somethingWrong', 'toast.profileTooLong',
  'toast.signInFailed', 'toast.signUpFailed', 'toast.resetSent', 'toast.resetSentDescription',
  'toast.signUpSuccess', 'toast.signInSuccess', 'toast.signOutSuccess', 'toast.signOutSuccessDescription', 'toast.signOutFailed',
  'toast.trialDuplicate', 'toast.trialDuplicateDescription', 'toast.trialFailed',
  'toast.emailRequired', 'toast.emailRequiredDescription', 'toast.emailInvalid', 'toast.emailInvalidDescription',
  'toast.newsletterSubscribed', 'toast.newsletterSubscribedDescription',
  'toast.membershipAuthRequired', 'toast.membershipAuthRequiredDescription', 'toast.addItem',
  'toast.loginRequired', 'toast.messageLoginRequiredDescription', 'toast.itemSold', 'toast.itemSoldDescription',
  'toast.listingUnavailable', 'toast.messageSent', 'toast.messageSentDescription', 'toast.messageSendFailed',
  'toast.inboxFailed', 'toast.newMessage',
  'toast.profileUpdateFailed', 'toast.profileUpdated', 'toast.profileUpdatedDescription',
  'toast.profileLoadFailed', 'toast.profileLoadFailedDescription',
  'toast.favoriteAdded', 'toast.favoriteRemoved', 'toast.filtersApplied', 'toast.filtersAppliedDescription',
  'toast.sellAuthRequired', 'toast.sellAuthRequiredDescription', 'toast.validationError',
  'toast.createListingError', 'toast.invalidCondition', 'toast.invalidCategory', 'toast.listingRequirements',
  'toast.createListingFailed', 'toast.unexpectedListingError', 'toast.success', 'toast.listingCreated',
  'toast.editLoadFailed', 'toast.editSaveFailed', 'toast.listingUpdated',
  'toast.subscriptionLoadFailed', 'toast.paymentError', 'toast.paymentErrorDescription',
  'toast.cancelFailed', 'toast.cancelFailedDescription', 'toast.subscriptionCancelled',
  'toast.paymentProcessingError', 'toast.paymentProcessingErrorDescription', 'toast.paymentSuccess',
  'toast.contactFailed', 'toast.contactFailedDescription', 'toast.contactSent',
] as const
export type ToastMessageKey = (typeof TOAST_MESSAGE_KEYS)[number]

type T = Toast<ToastMessageKey>
const error = (title: ToastMessageKey, description?: Message<ToastMessageKey>): T => ({ title, description, destructive: true })
const info = (title: ToastMessageKey, description?: Message<ToastMessageKey>): T => ({ title, description })

export const TOASTS = {
  unexpected: error('toast.unexpected', 'toast.unexpectedDescription'),
  resetSent: info('toast.resetSent', 'toast.resetSentDescription'),
  signUpSuccess: info('toast.signUpSuccess'),
  signInSuccess: info('toast.signInSuccess'),
  signOutSuccess: info('toast.signOutSuccess', 'toast.signOutSuccessDescription'),
  trialDuplicate: error('toast.trialDuplicate', 'toast.trialDuplicateDescription'),
  trialFailed: error('toast.trialFailed', 'toast.somethingWrong'),
  emailRequired: error('toast.emailRequired', 'toast.emailRequiredDescription'),
  emailInvalid: error('toast.emailInvalid', 'toast.emailInvalidDescription'),
  newsletterSubscribed: info('toast.newsletterSubscribed', 'toast.newsletterSubscribedDescription'),
  membershipAuthRequired: error('toast.membershipAuthRequired', 'toast.membershipAuthRequiredDescription'),
  addItem: info('toast.addItem'),
  messageLoginRequired: error('toast.loginRequired', 'toast.messageLoginRequiredDescription'),
  itemSold: info('toast.itemSold', 'toast.itemSoldDescription'),
  listingUnavailable: error('toast.error', 'toast.listingUnavailable'),
  messageSent: info('toast.messageSent', 'toast.messageSentDescription'),
  messageSendFailed: error('toast.error', 'toast.messageSendFailed'),
  inboxFailed: error('toast.error', 'toast.inboxFailed'),
  profileUpdated: info('toast.profileUpdated', 'toast.profileUpdatedDescription'),
  profileLoadFailed: error('toast.profileLoadFailed', 'toast.profileLoadFailedDescription'),
  filtersApplied: info('toast.filtersApplied', 'toast.filtersAppliedDescription'),
  sellAuthRequired: error('toast.sellAuthRequired', 'toast.sellAuthRequiredDescription'),
  createListingFailed: error('toast.error', 'toast.createListingFailed'),
  unexpectedListingError: error('toast.error', 'toast.unexpectedListingError'),
  listingCreated: info('toast.success', 'toast.listingCreated'),
  editLoadFailed: error('toast.error', 'toast.editLoadFailed'),
  editSaveFailed: error('toast.error', 'toast.editSaveFailed'),
  listingUpdated: info('toast.success', 'toast.listingUpdated'),
  subscriptionLoadFailed: error('toast.subscriptionLoadFailed'),
  paymentError: error('toast.paymentError', 'toast.paymentErrorDescription'),
  cancelFailed: error('toast.cancelFailed', 'toast.cancelFailedDescription'),
  subscriptionCancelled: info('toast.subscriptionCancelled'),
  paymentProcessingError: error('toast.paymentProcessingError', 'toast.paymentProcessingErrorDescription'),
  paymentSuccess: info('toast.paymentSuccess'),
  contactFailed: error('toast.contactFailed', 'toast.contactFailedDescription'),
  contactSent: info('toast.contactSent'),
} as const satisfies Record<string, T>

/** Favourite toggle (docs/product.md §2.11, §8 feed): only a toast with the item's title; nothing is stored. */
export const favoriteToast = (liked: boolean, itemTitle: string): Toast<ToastMessageKey> =>
  info(liked ? 'toast.favoriteAdded' : 'toast.favoriteRemoved', { text: itemTitle })
