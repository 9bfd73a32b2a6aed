// @vitest-environment happy-dom
/**
 * The prerendered pages of index.html (scripts/prerender.ts, ./prerender.tsx): each is the page the URL shows first,
 * and it is exactly the app's first render there, so main.tsx's hydration adopts it (a mismatch would make React
 * throw the markup away and paint the page again). The browser's side (the first paint without JS, offline) is in
 * e2e/prerender.spec.ts.
 */
import { act } from '@testing-library/react'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { t } from '@/i18n'
import { PAGE_MOUNT, PAGE_PICKER, renderPages } from '../../scripts/prerender'
import { App } from './app'
import { PRERENDERED_PAGES, type PageKey } from './prerender'

const pickPage = (pathname: string, lang = 'en'): string | null => {
  const attributes: Record<string, string> = {}
  const document = {
    documentElement: { lang, setAttribute: (name: string, value: string) => void (attributes[name] = value) },
  }
  new Function('location', 'document', PAGE_PICKER)({ pathname }, document)
  return attributes['data-first-page'] ?? null
}

describe('index.html’s head script picks the URL’s prerendered page', () => {
  it.each([
    ['/', 'home'],
    ['/shop', 'shop'],
    ['/item/7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af', 'item'],
    ['/item/7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af/', 'item'],
    ['/item/', ''],
    ['/item/a/b', ''],
    ['/shop/', ''],
    ['/favorites', ''],
    ['/contact', ''],
  ])('%s → %j', (pathname, page) => expect(pickPage(pathname)).toBe(page))
})

describe('a visitor in another language gets no English page painted first (the app renders in theirs)', () => {
  it.each([
    ['/', 'de-CH'],
    ['/shop', 'fr-CH'],
    ['/item/7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af', 'it-CH'],
    ['/shop', 'en-XA'],
  ])('%s in %s → none', (pathname, lang) => expect(pickPage(pathname, lang)).toBe(''))
})

describe('the page mounted from its template holds what a visitor does until the app has hydrated', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    document.documentElement.removeAttribute('data-first-page')
    delete (window as { __kreisHydrated?: unknown }).__kreisHydrated
  })

  const mount = (page: string) => {
    document.documentElement.setAttribute('data-first-page', page)
    document.body.innerHTML =
      '<div id="root"></div><template id="kreis-page-home"><button type="button">Start Shopping</button><a href="#x">A link</a>' +
      '<form><input name="q" value=""><button type="submit">Go</button></form></template>'
    new Function(PAGE_MOUNT)()
    return document.getElementById('root')!
  }
  const hydrated = () => (window as unknown as { __kreisHydrated: () => void }).__kreisHydrated()
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

  it('moves the URL’s page into #root and drops the templates', () => {
    const root = mount('home')
    expect(root.dataset.prerendered).toBe('home')
    expect(root.querySelector('button')?.textContent).toBe('Start Shopping')
    expect(document.querySelector('template')).toBeNull()
  })

  it('replays a held tap once, in a task after hydration; links are followed as usual', async () => {
    const root = mount('home')
    const button = root.querySelector('button')!
    button.click()
    button.click()
    const seen: string[] = []
    // The app's handler, attached by hydration.
    button.addEventListener('click', () => void seen.push('tap'))
    const link = root.querySelector('a')!
    link.addEventListener(
      'click',
      (e) => (seen.push(e.defaultPrevented ? 'link held' : 'link followed'), e.preventDefault()),
    )
    link.click()
    expect(seen).toEqual(['link followed'])
    hydrated()
    // Until the replay's task, taps are still held (they go after the earlier ones, in order).
    button.click()
    expect(seen).toEqual(['link followed'])
    await nextTask()
    expect(seen).toEqual(['link followed', 'tap'])
    button.click()
    expect(seen).toEqual(['link followed', 'tap', 'tap'])
  })

  it('puts typed text back as if typed (hydration reset the field), then replays the submit', async () => {
    const root = mount('home')
    const input = root.querySelector('input')!
    const form = root.querySelector('form')!
    input.value = 'mammut'
    input.dispatchEvent(new Event('input', { bubbles: true }))
    let submitted = 0
    form.addEventListener('submit', (e) => (e.preventDefault(), submitted++))
    const submit = new Event('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(submit)
    // Held: no native submission (a page load), no handler.
    expect(submit.defaultPrevented).toBe(true)
    expect(submitted).toBe(0)
    // Hydration: the field shows the app's state, and the app listens.
    input.value = ''
    const typed: string[] = []
    input.addEventListener('input', () => void typed.push(input.value))
    hydrated()
    await nextTask()
    // Emptied and announced first (React then tracks the field at ''), then the text: React sees a change.
    expect(typed).toEqual(['', 'mammut'])
    expect(input.value).toBe('mammut')
    expect(submitted).toBe(1)
  })

  it('holds nothing where no page was prerendered', () => {
    const root = mount('')
    expect(root.childElementCount).toBe(0)
    expect((window as { __kreisHydrated?: unknown }).__kreisHydrated).toBeUndefined()
  })
})

describe('the prerendered pages', () => {
  // As the build makes them: a server build of ./prerender.tsx, rendered in a Node of its own (no DOM globals).
  const pages = {} as Record<PageKey, string>
  beforeAll(async () => {
    Object.assign(pages, await renderPages(path.resolve(import.meta.dirname, '../..'), 'production'))
  }, 120_000)

  it('show the home page’s hero, and /shop’s and the item page’s fallbacks, each in the shell', () => {
    const { home, shop, item } = pages
    for (const html of [home, shop, item]) expect(html).toContain('id="site-header"')
    const hero = 'id="hero-title"'
    expect(home).toContain(hero)
    expect(home).toContain(t('app.tagline'))
    expect(shop).toContain(t('shop.title'))
    expect(shop).not.toContain(hero)
    expect(item).toContain(t('item.loading'))
    expect(item).not.toContain(hero)
  })

  describe('are what the app renders first at their URL: hydration keeps them', () => {
    let container: HTMLElement | null = null
    afterEach(() => {
      container?.remove()
      history.replaceState(null, '', '/')
    })

    it.each(Object.keys(PRERENDERED_PAGES) as PageKey[])('%s', (page) => {
      history.replaceState(null, '', PRERENDERED_PAGES[page])
      container = document.createElement('div')
      container.innerHTML = pages[page]
      document.body.append(container)
      const heading = container.querySelector('h1, [role="status"]')
      expect(heading).not.toBeNull()
      const errors: unknown[] = []
      // React reports a mismatched attribute (which it would leave as the markup had it) on the console only.
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args.join(' ')))
      // Synchronously: the route chunks a page loads next (its screen replaces the fallback) are not there yet.
      let root: ReturnType<typeof hydrateRoot> | null = null
      act(() => {
        root = hydrateRoot(
          container!,
          <StrictMode>
            <App />
          </StrictMode>,
          { onRecoverableError: (e) => void errors.push(e) },
        )
      })
      consoleError.mockRestore()
      expect(errors).toEqual([])
      // The markup was adopted, not painted anew.
      expect(heading!.isConnected).toBe(true)
      act(() => root!.unmount())
    })

    it.each(['shop', 'item'] as const)(
      '%s with its first photos painted into it from index.html: kept through hydration, then drawn by the app',
      (page) => {
        history.replaceState(null, '', PRERENDERED_PAGES[page])
        container = document.createElement('div')
        container.innerHTML = pages[page]
        document.body.append(container)
        // What remote/first-screen-request.ts paintFirstPhotos does before the app's JS runs.
        const slots = [...container.querySelectorAll<HTMLElement>('[data-first-photo]')]
        expect(slots.length).toBe(page === 'shop' ? 12 : 1)
        const photos = slots.slice(0, 2).map((slot, i) => {
          slot.style.backgroundImage = `url("blob:photo-${i}")`
          slot.setAttribute('data-first-photo', 'painted')
          return `blob:photo-${i}`
        })
        ;(window as unknown as Record<string, unknown>).__kreisFirstPhotos = { href: location.href, photos }
        const errors: unknown[] = []
        const consoleError = vi
          .spyOn(console, 'error')
          .mockImplementation((...args) => void errors.push(args.join(' ')))
        let root: ReturnType<typeof hydrateRoot> | null = null
        try {
          act(() => {
            root = hydrateRoot(
              container!,
              <StrictMode>
                <App />
              </StrictMode>,
              { onRecoverableError: (e) => void errors.push(e) },
            )
          })
        } finally {
          consoleError.mockRestore()
          delete (window as unknown as Record<string, unknown>).__kreisFirstPhotos
        }
        expect(errors).toEqual([])
        const now = [...container.querySelectorAll<HTMLElement>('[data-first-photo]')]
        expect(now[0]).toBe(slots[0])
        expect(
          now.slice(0, photos.length).map((s) => [s.getAttribute('data-first-photo'), s.style.backgroundImage]),
        ).toEqual(photos.map((p) => ['painted', `url("${p}")`]))
        act(() => root!.unmount())
      },
    )
  })
})
