import { describe, expect, it } from 'vitest'
import { freshestSellerName } from './card-fields'
import type { MyProfileRow, ProfileRow } from './rows'

const T1 = '2026-01-01T00:00:01.000000Z'
const T2 = '2026-01-01T00:00:02.000000Z'
const pub = (first_name: string, updated_at: string): ProfileRow => ({
  id: 'u1',
  first_name,
  last_name: 'X',
  location: null,
  profile_picture_url: null,
  created_at: T1,
  updated_at,
})
const mine = (first_name: string, updated_at: string, sync_state: MyProfileRow['sync_state'] = 'synced') =>
  ({ ...pub(first_name, updated_at), sync_state }) as unknown as MyProfileRow

describe('freshestSellerName: the name a seller’s cards show', () => {
  it.each<[string, MyProfileRow | undefined, ProfileRow | undefined, string | undefined]>([
    ['another seller: the public profile', undefined, pub('Lea', T1), 'Lea'],
    ['the user, only the own profile pulled', mine('Sam', T1), undefined, 'Sam'],
    ['the own profile newer', mine('Sam', T2), pub('Old', T1), 'Sam'],
    ['the public profile newer (its stream pulled first)', mine('Old', T1), pub('New', T2), 'New'],
    ['equally new: the own profile', mine('Sam', T1), pub('Sam', T1), 'Sam'],
    ['an unsent edit here wins over anything pulled', mine('Mine', T1, 'pending'), pub('Theirs', T2), 'Mine'],
    ['nothing known', undefined, undefined, undefined],
  ])('%s', (_, my, p, expected) => {
    expect(freshestSellerName(my, p)?.first_name).toBe(expected)
  })
})
