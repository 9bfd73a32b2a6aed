// @vitest-environment happy-dom
import { act } from '@testing-library/react'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, it, vi } from 'vitest'
import { quietLoadingAnimations } from './quiet-animations'

let undo: (() => void) | null = null
afterEach(() => {
  undo?.()
  document.body.innerHTML = ''
})

/** An animation event as the browser fires it on an element that animates. */
function fire(target: Element, type: string, animationName: string) {
  const event = new Event(type, { bubbles: true })
  Object.defineProperty(event, 'animationName', { value: animationName })
  target.dispatchEvent(event)
}

it('keeps the loading placeholders’ animation events from React; other animations still reach their handlers', () => {
  const container = document.body.appendChild(document.createElement('div'))
  const seen = vi.fn()
  act(() =>
    createRoot(container).render(
      <div onAnimationStart={(e) => seen(e.animationName)} onAnimationIteration={(e) => seen(e.animationName)}>
        <span id="placeholder" />
      </div>,
    ),
  )
  const placeholder = container.querySelector('#placeholder')!
  fire(placeholder, 'animationstart', 'pulse')
  expect(seen).toHaveBeenCalledWith('pulse') // without the guard, React dispatches it
  seen.mockClear()

  undo = quietLoadingAnimations()
  fire(placeholder, 'animationstart', 'pulse')
  fire(placeholder, 'animationiteration', 'pulse')
  fire(placeholder, 'animationiteration', 'spin')
  expect(seen).not.toHaveBeenCalled()
  fire(placeholder, 'animationstart', 'sheet-in')
  expect(seen).toHaveBeenCalledWith('sheet-in')
})
