import { describe, expect, it } from 'vitest'
import { countChanges, photoProgress, type QueuedWrite } from './pending-changes'

const w = (group: string, kind: string): QueuedWrite => ({ group, kind })
const listingWithPhotos = (id: string, photos: number): QueuedWrite[] => [
  ...Array.from({ length: photos }, () => w(`listing:${id}`, 'photo.upload')),
  w(`listing:${id}`, 'listing.upsert'),
  w(`listing:${id}`, 'images.replace'),
]

describe('pending changes count what the person did', () => {
  it.each<[string, QueuedWrite[], number]>([
    ['nothing', [], 0],
    ['one listing with 3 photos (5 operations)', listingWithPhotos('a', 3), 1],
    [
      'ten listings with 10 photos each',
      Array.from({ length: 10 }, (_, i) => listingWithPhotos(`l${i}`, 10)).flat(),
      10,
    ],
    ['a listing edited, then marked sold', [w('listing:a', 'listing.upsert'), w('listing:a', 'listing.upsert')], 1],
    [
      'a first message: the conversation it opens is not counted',
      [w('conversation:c', 'conversation.create'), w('conversation:c', 'message.send')],
      1,
    ],
    [
      'three messages in one conversation',
      [w('conversation:c', 'message.send'), w('conversation:c', 'message.send'), w('conversation:c', 'message.send')],
      3,
    ],
    ['a read mark is not a change', [w('read:c', 'conversation.read')], 0],
    ['a profile edit and a new picture', [w('profile:u', 'profile.update'), w('profile:u', 'profile.picture')], 1],
    ['two favourites', [w('favourite:a', 'favourite.set'), w('favourite:b', 'favourite.set')], 2],
    [
      'a mix',
      [
        ...listingWithPhotos('a', 2),
        w('conversation:c', 'message.send'),
        w('favourite:a', 'favourite.set'),
        w('read:c', 'conversation.read'),
      ],
      3,
    ],
  ])('%s → %i', (_name, writes, count) => {
    expect(countChanges(writes)).toBe(count)
  })

  it.each([
    [[], null],
    [[{ uploaded: false }], { uploaded: 0, total: 1 }],
    [[{ uploaded: true }, { uploaded: true }, { uploaded: false }], { uploaded: 2, total: 3 }],
  ])('photos %j → %j', (photos, progress) => {
    expect(photoProgress(photos)).toEqual(progress)
  })
})
