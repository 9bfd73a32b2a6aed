import { describe, expect, it } from 'vitest'
import {
  authErrorMessage,
  listingCreateFailureToast,
  profileSyncFailure,
  profileUpdateFailureToast,
  syncFailureMessage,
} from '@/domain/errors'
import { TOASTS } from '@/domain/toasts'
import { render, renderToast } from '.'

describe('docs/product.md §8 error catalogue texts', () => {
  it.each([
    [
      'Email signups are disabled',
      'New account creation is currently disabled. Please contact support or try signing in with an existing account.',
    ],
    ['Invalid login credentials', 'Incorrect email or password. Please check your credentials and try again.'],
    ['Email not confirmed', 'Please check your email and click the confirmation link before signing in.'],
    ['Password should be at least 6 characters', 'Password must be at least 6 characters long.'],
    ['Invalid email', 'Please enter a valid email address.'],
    ['Something odd', 'That did not work. Please check your details and try again.'],
  ])('auth %j → %j', (raw, text) => {
    expect(render(authErrorMessage(raw))).toBe(text)
  })

  it.each([
    [
      TOASTS.unexpected,
      'An error occurred',
      'Please try again later or contact support if the problem persists.',
      true,
    ],
    [TOASTS.resetSent, 'Password reset email sent', 'Check your email for reset instructions', false],
    [TOASTS.signOutSuccess, 'Signed out successfully', 'You have been signed out of your account', false],
    [TOASTS.trialDuplicate, 'Email already registered', 'This email is already signed up for the trial', true],
    [TOASTS.trialFailed, 'Signup failed', 'Something went wrong. Please try again.', true],
    [TOASTS.emailRequired, 'Email required', 'Please enter your email address', true],
    [TOASTS.newsletterSubscribed, 'Subscribed successfully!', "You'll receive news & updates.", false],
    [TOASTS.membershipAuthRequired, 'Authentication required', 'Please sign in to upgrade your subscription', true],
    [TOASTS.messageLoginRequired, 'Please log in', 'You need to be logged in to message sellers.', true],
    [TOASTS.itemSold, 'Item sold', 'This item is no longer available.', false],
    [TOASTS.messageSent, 'Message sent!', 'Your message has been sent to the seller.', false],
    [TOASTS.messageSendFailed, 'Error', 'Failed to send message. Please try again.', true],
    [TOASTS.inboxFailed, 'Error', 'Failed to load conversations', true],
    [TOASTS.profileUpdated, 'Profile updated successfully', 'Your profile information has been saved', false],
    [TOASTS.profileLoadFailed, 'Error loading profile', 'Could not load your profile information', true],
    [TOASTS.filtersApplied, 'Filters applied', 'Results have been updated', false],
    [TOASTS.sellAuthRequired, 'Authentication Required', 'You must be logged in to create a listing', true],
    [TOASTS.createListingFailed, 'Error', 'Failed to create listing. Please try again.', true],
    [TOASTS.unexpectedListingError, 'Error', 'An unexpected error occurred. Please try again.', true],
    [TOASTS.listingCreated, 'Success', 'Your listing has been created successfully', false],
    [TOASTS.editLoadFailed, 'Error', 'Failed to load listing for editing', true],
    [TOASTS.editSaveFailed, 'Error', 'Failed to update listing. Please try again.', true],
    [TOASTS.listingUpdated, 'Success', 'Your listing has been updated successfully', false],
    [TOASTS.paymentError, 'Payment error', 'Failed to create payment link. Please try again.', true],
    [TOASTS.cancelFailed, 'Error cancelling subscription', 'Failed to cancel subscription. Please try again.', true],
    [TOASTS.paymentProcessingError, 'Payment processing error', 'Please contact support if you were charged', true],
    [TOASTS.contactFailed, 'Error sending message', 'Please try again or email us directly.', true],
  ])('%j', (toast, title, description, destructive) => {
    expect(renderToast(toast)).toEqual({ title, description, destructive })
  })

  it.each([
    [TOASTS.signInSuccess, 'Welcome back! 👋'],
    [TOASTS.subscriptionLoadFailed, 'Error loading subscription data'],
    [TOASTS.subscriptionCancelled, 'Subscription cancelled'],
    [TOASTS.paymentSuccess, 'Payment successful!'],
    [TOASTS.contactSent, 'Message sent successfully!'],
  ])('title-only %j', (toast, title) => {
    expect(renderToast(toast)).toMatchObject({ title })
    expect(renderToast(toast)).not.toHaveProperty('description')
  })

  it.each([
    [
      'violates check constraint "listings_condition_check"',
      'Invalid condition: "mint". Please select a different condition.',
    ],
    [
      'violates check constraint "listings_category_check"',
      'Invalid category: "hats". Please select a different category.',
    ],
    [
      'violates check constraint "price_positive"',
      "Some listing details don't meet our requirements. Please check your selections.",
    ],
  ])('23514 %s → %j', (message, description) => {
    const toast = listingCreateFailureToast({ code: '23514', message }, { condition: 'mint', category: 'hats' })
    expect(renderToast(toast)).toEqual({ title: 'Error Creating Listing', description, destructive: true })
  })

  it('a failed profile sync shows "Error updating profile" with words of the catalogue for the server\'s refusal', () => {
    const refusal = { code: '22001', message: 'value too long for type character varying(50)' }
    const words = 'First name, last name and location can be at most 100 characters long.'
    expect(render(syncFailureMessage(profileSyncFailure(refusal)))).toBe(words)
    expect(renderToast(profileUpdateFailureToast(refusal))).toEqual({
      title: 'Error updating profile',
      description: words,
      destructive: true,
    })
  })
})
