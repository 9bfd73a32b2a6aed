// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { useEffect } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { applyLocale } from '@/i18n'
import { en } from '@/i18n/en'
import { catalogue as deCH } from '@/i18n/de-CH'
import { catalogue as frCH } from '@/i18n/fr-CH'
import { catalogue as itCH } from '@/i18n/it-CH'
import { applyPageHead, pageHeadOf, usePageHead } from './page-head'

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content

afterEach(() => {
  cleanup()
  applyLocale('en', en, null)
})

describe('the title and description of each route, in English', () => {
  it.each([
    ['/', 'Kreis · Wear stories, not trends.', en['head.description']],
    ['/shop', 'Marketplace Feed · Kreis', en['head.shopDescription']],
    ['/shop/', 'Marketplace Feed · Kreis', en['head.shopDescription']],
    ['/auth', 'Sign in · Kreis', en['head.description']],
    ['/messages', 'Messages · Kreis', en['head.description']],
    ['/sell/details', 'Item Details · Kreis', en['head.sellDescription']],
    ['/sell/success/abc', 'Item listed · Kreis', en['head.description']],
    ['/sell/edit/abc', 'Edit listing · Kreis', en['head.description']],
    ['/item/abc', 'Item · Kreis', en['head.description']],
    ['/subscription', 'Your plan · Kreis', en['head.subscriptionDescription']],
    ['/privacy-policy', 'Privacy Policy · Kreis', en['head.description']],
    ['/item/', 'Oops! Page not found · Kreis', en['head.description']],
    ['/nowhere', 'Oops! Page not found · Kreis', en['head.description']],
    ['/constructor', 'Oops! Page not found · Kreis', en['head.description']],
  ])('%s', (path, title, text) => {
    expect(pageHeadOf(path)).toEqual({ title, description: text })
  })
})

describe('in the active language', () => {
  it.each([
    ['de-CH' as const, deCH, '/shop', 'Marktplatz · Kreis', 'Stöbere in Secondhand-Kleidern'],
    ['fr-CH' as const, frCH, '/favorites', 'Mes favoris · Kreis', 'Portez des histoires'],
    ['it-CH' as const, itCH, '/', 'Kreis · Indossa storie, non tendenze.', 'Indossa storie'],
  ])('%s', (locale, catalogue, path, title, start) => {
    applyLocale(locale, catalogue, null)
    const head = pageHeadOf(path)
    expect(head.title).toBe(title)
    expect(head.description.startsWith(start)).toBe(true)
  })
})

describe('the document', () => {
  it('gets the title and a description meta element, made once', () => {
    applyPageHead({ title: 'A', description: 'first' })
    applyPageHead({ title: 'B', description: 'second' })
    expect(document.title).toBe('B')
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1)
    expect(description()).toBe('second')
  })

  it('follows navigation, and a screen of its own title sets it after the route', async () => {
    applyLocale('de-CH', deCH, null)
    function Item() {
      useEffect(() => void (document.title = 'Wolljacke · Kreis'), [])
      return null
    }
    function Layout({ children }: { children: React.ReactNode }) {
      usePageHead()
      return children
    }
    const router = createMemoryRouter(
      [
        { path: '/shop', element: <Layout>{null}</Layout> },
        {
          path: '/item/:id',
          element: (
            <Layout>
              <Item />
            </Layout>
          ),
        },
      ],
      { initialEntries: ['/shop'] },
    )
    render(<RouterProvider router={router} />)
    expect(document.title).toBe('Marktplatz · Kreis')
    expect(description()).toBe(deCH['head.shopDescription'])
    await act(() => router.navigate('/item/1'))
    expect(document.title).toBe('Wolljacke · Kreis')
    expect(description()).toBe(deCH['head.description'])
    await act(() => router.navigate('/shop'))
    expect(document.title).toBe('Marktplatz · Kreis')
  })
})
