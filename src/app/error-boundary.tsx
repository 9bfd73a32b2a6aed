import { Component, type ErrorInfo, type ReactNode } from 'react'
import { t } from '@/i18n'

interface Props {
  children: ReactNode
}

/** Catches a screen that throws while rendering (or a route chunk that fails to load) and offers a way out. */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[kreis] screen failed', error, info.componentStack)
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-stone-900">{t('errorScreen.title')}</h1>
        <p className="text-stone-700">{t('errorScreen.text')}</p>
        <div className="flex gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="h-11 rounded-full bg-green-800 px-5 font-semibold text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700"
          >
            {t('errorScreen.reload')}
          </button>
          <a href="/" className="inline-flex h-11 items-center rounded-full border border-stone-400 px-5 font-semibold">
            {t('common.backToHome')}
          </a>
        </div>
      </div>
    )
  }
}

/**
 * Keeps a lazily loaded part of the shell (the offline line's age, the sync panel, the signed-in actions) from
 * taking the whole page down when its chunk cannot load — offline before the service worker holds the app's files
 * (a first visit, a browser without service workers). The part shows `fallback` instead; the page goes on.
 */
export class PartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  componentDidCatch(error: Error): void {
    console.warn('[kreis] part of the page could not load', error)
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
