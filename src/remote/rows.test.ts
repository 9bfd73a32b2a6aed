import { describe, expect, it } from 'vitest'
import { canonicalTimestamp, toConversation, toListing, toMessage, toMyProfile, toPublicProfile } from './rows'

describe('server timestamps become one fixed-width UTC form (string order = time order)', () => {
  it.each([
    ['2026-11-22T05:00:00.123456+00:00', '2026-11-22T05:00:00.123456Z'],
    ['2026-11-22T05:00:00.12+00:00', '2026-11-22T05:00:00.120000Z'],
    ['2026-11-22T05:00:00+00:00', '2026-11-22T05:00:00.000000Z'],
    ['2026-11-22 05:00:00.5+00', '2026-11-22T05:00:00.500000Z'],
    ['2026-11-22T06:00:00.000001+01:00', '2026-11-22T05:00:00.000001Z'],
    ['2026-11-22T05:00:00.123Z', '2026-11-22T05:00:00.123000Z'],
  ])('%s → %s', (input, expected) => {
    expect(canonicalTimestamp(input)).toBe(expected)
  })

  it('gives one instant one string whatever form it arrived in (PostgREST, realtime, Date)', () => {
    const forms = [
      '2026-11-22T05:00:00.5+00:00',
      '2026-11-22 05:00:00.5+00',
      '2026-11-22T05:00:00.500Z',
      '2026-11-22T06:00:00.5+01:00',
    ]
    expect(new Set(forms.map(canonicalTimestamp)).size).toBe(1)
  })

  it('turns numeric price strings into numbers', () => {
    expect(toListing({ id: 'x', price: '45.50', updated_at: '2026-11-22T05:00:00+00:00' })).toMatchObject({
      price: 45.5,
      updated_at: '2026-11-22T05:00:00.000000Z',
    })
  })
})

describe('the pull position of a row (sync_xid, migration 20261125114800) never reaches the mirror', () => {
  it.each([
    ['listings', toListing],
    ['public profiles', toPublicProfile],
    ['my profile', toMyProfile],
    ['conversations', toConversation],
    ['messages', toMessage],
  ] as const)('%s: from a pull page or a realtime payload', (_, map) => {
    const row = map({ id: 'x', price: '1', sync_xid: 1234, updated_at: '2026-11-22T05:00:00+00:00' }) as Record<
      string,
      unknown
    >
    expect(row).not.toHaveProperty('sync_xid')
    expect(row).toMatchObject({ id: 'x', updated_at: '2026-11-22T05:00:00.000000Z' })
  })
})
