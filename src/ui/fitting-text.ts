import { useLayoutEffect, useState, type RefObject } from 'react'

/**
 * The index of the first of `candidates` (longest first) whose width fits `available`; the last one when none does.
 * A placeholder cut in the middle of a word ("Rechercher u") says less than a shorter one shown whole.
 */
export function firstThatFits(
  candidates: readonly string[],
  available: number,
  width: (text: string) => number,
): number {
  const i = candidates.findIndex((c) => width(c) <= available)
  return i === -1 ? Math.max(0, candidates.length - 1) : i
}

let canvas: HTMLCanvasElement | null = null

/** The width of `text` in the input's font, or null where the browser cannot measure (tests, old engines). */
function textWidth(input: HTMLInputElement, text: string): number | null {
  canvas ??= document.createElement('canvas')
  const context = canvas.getContext('2d')
  if (!context) return null
  context.font = getComputedStyle(input).font
  return context.measureText(text).width
}

/**
 * The placeholder for an input: the longest of `candidates` that fits its box, chosen again when the box changes
 * size. The first render (and the prerendered page) shows the first candidate.
 */
export function useFittingPlaceholder(
  input: RefObject<HTMLInputElement | null>,
  candidates: readonly string[],
): string {
  const [chosen, setChosen] = useState(0)
  const key = candidates.join('\n')
  useLayoutEffect(() => {
    const el = input.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const choose = () => {
      const style = getComputedStyle(el)
      const available = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      if (textWidth(el, '') === null || available <= 0) return
      setChosen(firstThatFits(candidates, available, (text) => textWidth(el, text) ?? 0))
    }
    choose()
    const observer = new ResizeObserver(choose)
    observer.observe(el)
    return () => observer.disconnect()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the candidates' contents
  }, [input, key])
  return candidates[chosen] ?? candidates[0] ?? ''
}
