// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLanguageKeeper } from '@/i18n/language-choice'
import { LOCALE_STORAGE_KEY } from '@/i18n/locales'
import { LanguageSwitch } from './language-switch'

describe('the language switch', () => {
  afterEach(() => {
    cleanup()
    localStorage.clear()
  })

  it('offers the four languages by their own names, the active one chosen', () => {
    render(<LanguageSwitch reload={() => {}} />)
    const select = screen.getByRole('combobox', { name: 'Language' })
    expect([...select.querySelectorAll('option')].map((o) => [o.value, o.textContent, o.lang])).toEqual([
      ['de-CH', 'Deutsch', 'de-CH'],
      ['fr-CH', 'Français', 'fr-CH'],
      ['it-CH', 'Italiano', 'it-CH'],
      ['en', 'English', 'en'],
    ])
    expect((select as HTMLSelectElement).value).toBe('en')
  })

  it('keeps the choice on the device and reloads in it; the active language changes nothing', async () => {
    const reload = vi.fn()
    render(<LanguageSwitch compact reload={reload} />)
    const select = screen.getByRole('combobox', { name: 'Language' })
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['DE', 'FR', 'IT', 'EN'])
    fireEvent.change(select, { target: { value: 'en' } })
    expect(reload).not.toHaveBeenCalled()
    fireEvent.change(select, { target: { value: 'it-CH' } })
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('it-CH')
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
  })

  it("signed in, keeps the choice in the member's profile before it reloads", async () => {
    const kept: string[] = []
    const reload = vi.fn(() => kept.push('reload'))
    const remove = setLanguageKeeper(async (locale) => {
      await Promise.resolve()
      kept.push(locale)
    })
    try {
      render(<LanguageSwitch reload={reload} />)
      fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'fr-CH' } })
      await waitFor(() => expect(kept).toEqual(['fr-CH', 'reload']))
    } finally {
      remove()
    }
  })
})
