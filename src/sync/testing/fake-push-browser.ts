/**
 * A stand-in for the browser's Web Push surface, installed at the globals the app reads (navigator.serviceWorker,
 * window.PushManager, window.Notification, navigator.userAgent/maxTouchPoints/standalone, window.matchMedia), for
 * happy-dom tests. It behaves as a browser does where the app depends on it: the permission prompt's answer becomes
 * Notification.permission unless it was dismissed, subscribe() returns the subscription the browser already holds
 * for the site, and unsubscribe() ends it. `restore()` puts every global back as it was.
 */
export const THIS_BROWSER_ENDPOINT = 'https://push.example.com/this-browser'

export interface PushBrowserOptions {
  userAgent?: string
  maxTouchPoints?: number
  /** serviceWorker, PushManager and Notification all exist (default true). */
  pushApi?: boolean
  permission?: NotificationPermission
  /** navigator.standalone (iOS, from the Home Screen). */
  iosStandalone?: boolean
  /** What `(display-mode: standalone)` answers; null removes window.matchMedia. */
  displayModeStandalone?: boolean | null
}

export interface FakeSubscription {
  endpoint: string
  toJSON(): PushSubscriptionJSON
  unsubscribe(): Promise<boolean>
}

/** A subscription's keys; null: it has none. */
type Keys = { p256dh?: string; auth?: string } | null

export class FakePushBrowser {
  permission: NotificationPermission
  /** What the next permission prompt answers ('default' = the person closed it). */
  answer: NotificationPermission = 'granted'
  /** Held permission prompts wait for this before answering (to see the app while the prompt is open). */
  promptOpen: Promise<void> = Promise.resolve()
  permissionRequests = 0
  /** The subscription this browser holds for the site. */
  subscription: FakeSubscription | null = null
  /**
   * The next look at the subscription answers what the browser held when asked, only once this opens (a service
   * worker slow to start); the looks after it answer at once.
   */
  nextLookWaitsFor: Promise<void> | null = null
  subscribeOptions: PushSubscriptionOptionsInit[] = []
  /** Endpoints whose subscription the app ended. */
  unsubscribed: string[] = []
  /** A service worker is registered for the site. */
  registered = true
  failRegistration = false
  failSubscribe = false
  failUnsubscribe = false
  failPermissionPrompt = false
  /** The endpoint and keys of the next subscription the browser makes. */
  nextEndpoint = THIS_BROWSER_ENDPOINT
  nextKeys: Keys = { p256dh: 'BKEY', auth: 'AUTH' }

  private readonly undo: (() => void)[] = []

  constructor(options: PushBrowserOptions = {}) {
    this.permission = options.permission ?? 'default'
    const pushManager = {
      getSubscription: async () => {
        const held = this.subscription
        const wait = this.nextLookWaitsFor
        this.nextLookWaitsFor = null
        if (wait) await wait
        return held
      },
      subscribe: async (opts: PushSubscriptionOptionsInit) => {
        this.subscribeOptions.push(opts)
        if (this.failSubscribe) throw new DOMException('push service unreachable', 'AbortError')
        return (this.subscription ??= this.makeSubscription(this.nextEndpoint, this.nextKeys))
      },
    }
    if (options.pushApi !== false) {
      this.define(navigator, 'serviceWorker', {
        getRegistration: async () => {
          if (this.failRegistration) throw new DOMException('no secure context', 'SecurityError')
          return this.registered ? { pushManager } : undefined
        },
      })
      this.define(window, 'PushManager', function PushManager() {})
      const notification = { requestPermission: () => this.requestPermission() }
      Object.defineProperty(notification, 'permission', { get: () => this.permission })
      this.define(window, 'Notification', notification)
    }
    if (options.userAgent !== undefined) this.define(navigator, 'userAgent', options.userAgent)
    if (options.maxTouchPoints !== undefined) this.define(navigator, 'maxTouchPoints', options.maxTouchPoints)
    if (options.iosStandalone !== undefined) this.define(navigator, 'standalone', options.iosStandalone)
    if (options.displayModeStandalone === null) this.define(window, 'matchMedia', undefined)
    else if (options.displayModeStandalone !== undefined) {
      const standalone = options.displayModeStandalone
      this.define(window, 'matchMedia', (query: string) => ({
        matches: query === '(display-mode: standalone)' && standalone,
      }))
    }
  }

  /** The browser already holds a subscription for the site (made in an earlier visit). */
  holdSubscription(endpoint = THIS_BROWSER_ENDPOINT, keys: Keys = this.nextKeys): FakeSubscription {
    return (this.subscription = this.makeSubscription(endpoint, keys))
  }

  restore(): void {
    for (const undo of this.undo.splice(0).reverse()) undo()
  }

  private async requestPermission(): Promise<NotificationPermission> {
    this.permissionRequests++
    await this.promptOpen
    if (this.failPermissionPrompt) throw new TypeError('permission prompt unavailable')
    if (this.answer !== 'default') this.permission = this.answer
    return this.answer
  }

  private makeSubscription(endpoint: string, keys: Keys): FakeSubscription {
    return {
      endpoint,
      toJSON: () => ({ endpoint, keys: (keys ?? undefined) as Record<string, string> | undefined }),
      unsubscribe: async () => {
        if (this.failUnsubscribe) throw new DOMException('push service unreachable', 'AbortError')
        this.unsubscribed.push(endpoint)
        if (this.subscription?.endpoint === endpoint) this.subscription = null
        return true
      },
    }
  }

  private define(target: object, key: string, value: unknown): void {
    const before = Object.getOwnPropertyDescriptor(target, key)
    Object.defineProperty(target, key, { value, configurable: true, writable: true })
    this.undo.push(() => {
      if (before) Object.defineProperty(target, key, before)
      else delete (target as Record<string, unknown>)[key]
    })
  }
}
