// The words of a refused write: chosen from its reason code when shown, in the UI language; sentences stored by
// versions before reason codes still read sensibly.
import { afterEach, describe, expect, it } from 'vitest'
import type { StoredSyncFailure } from '@/domain/errors'
import { setCatalogue, type Catalogue } from '@/i18n'
import { en } from '@/i18n/en'
import { renderSyncFailure, syncFailureOf } from './failure-messages'

afterEach(() => {
  setCatalogue(en)
})

describe('renderSyncFailure', () => {
  it.each<[StoredSyncFailure | undefined, string]>([
    [
      { code: 'invalid_condition', detail: 'like_new' },
      'Invalid condition: "like_new". Please select a different condition.',
    ],
    [{ code: 'listing_edit_failed' }, 'Failed to update listing. Please try again.'],
    [{ code: 'message_send_failed' }, 'Failed to send message. Please try again.'],
    [
      { code: 'profile_update_failed', detail: 'value too long' },
      'First name, last name and location can be at most 100 characters long.',
    ],
    [
      { code: 'profile_update_failed', detail: 'permission denied for table profiles' },
      'Something went wrong. Please try again.',
    ],
    [{ code: 'write_failed' }, 'Something went wrong. Please try again.'],
    [undefined, ''],
    ['', ''],
  ])('%j → %j', (stored, text) => {
    expect(renderSyncFailure(stored)).toBe(text)
  })

  it('words a stored code in the UI language of the moment it is shown', () => {
    const failure: StoredSyncFailure = { code: 'invalid_category', detail: 'hats' }
    const before = renderSyncFailure(failure)
    setCatalogue({ ...en, 'toast.invalidCategory': 'Ungültige Kategorie: «{value}».' } satisfies Catalogue)
    expect(renderSyncFailure(failure)).toBe('Ungültige Kategorie: «hats».')
    expect(before).toBe('Invalid category: "hats". Please select a different category.')
  })
})

describe('sentences stored before reason codes', () => {
  it.each<[string, StoredSyncFailure]>([
    ['Failed to create listing. Please try again.', { code: 'listing_create_failed' }],
    ['Failed to update listing. Please try again.', { code: 'listing_edit_failed' }],
    [
      "Some listing details don't meet our requirements. Please check your selections.",
      { code: 'listing_requirements' },
    ],
    [
      'Invalid condition: "like_new". Please select a different condition.',
      { code: 'invalid_condition', detail: 'like_new' },
    ],
    [
      'Invalid category: "a "b" c". Please select a different category.',
      { code: 'invalid_category', detail: 'a "b" c' },
    ],
    ['Failed to send message. Please try again.', { code: 'message_send_failed' }],
    ['Something went wrong. Please try again.', { code: 'write_failed' }],
    ['permission denied for table profiles', { code: 'as_stored', detail: 'permission denied for table profiles' }],
    [
      'Failed to send message. Please try again. (2)',
      { code: 'as_stored', detail: 'Failed to send message. Please try again. (2)' },
    ],
    // The sentence is matched as written: its full stops are not "any character".
    [
      'Failed to send message! Please try again!',
      { code: 'as_stored', detail: 'Failed to send message! Please try again!' },
    ],
    ['Invalid condition: "a\nb". Please select a different condition.', { code: 'invalid_condition', detail: 'a\nb' }],
  ])('%j is read as %j', (sentence, failure) => {
    expect(syncFailureOf(sentence)).toStrictEqual(failure)
  })

  it('a catalogue sentence follows the UI language; the server’s own words are shown as stored', () => {
    setCatalogue({ ...en, 'toast.messageSendFailed': 'Nachricht nicht gesendet.' } satisfies Catalogue)
    expect(renderSyncFailure('Failed to send message. Please try again.')).toBe('Nachricht nicht gesendet.')
    expect(renderSyncFailure('permission denied for table profiles')).toBe('permission denied for table profiles')
  })

  it('a code is read as itself', () => {
    const failure: StoredSyncFailure = { code: 'invalid_condition', detail: 'x' }
    expect(syncFailureOf(failure)).toBe(failure)
  })
})
