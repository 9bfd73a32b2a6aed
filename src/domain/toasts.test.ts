import { describe, expect, it } from 'vitest'
import { favoriteToast } from './toasts'

describe('docs/product.md §2.11 / §8 favourite toggle: only a toast with the item title', () => {
  it.each([
    [true, 'toast.favoriteAdded'],
    [false, 'toast.favoriteRemoved'],
  ] as const)('liked %s → %s, with the title as its text, not destructive', (liked, title) => {
    expect(favoriteToast(liked, 'Wool coat')).toEqual({ title, description: { text: 'Wool coat' } })
  })
})
