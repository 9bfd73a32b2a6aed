// The stylesheet is index.html's own (inlined by the build, scripts/prerender.ts): no chunk carries it, so no
// lazy chunk's import asks for it again.
import { captureInstallPromptEarly } from '@/app/pwa/early-install-prompt'
import { startLocale } from '@/i18n/locales'

// Before anything loads: the browser's install offer can come before the app listens (a first visit).
captureInstallPromptEarly()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

/** The next task: the browser may paint and handle input in between. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

// On a prerendered page (index.html painted it, scripts/prerender.ts), the app's JS runs in three tasks rather than
// one long one after that first paint (TBT: at 4x CPU it blocked input for ~100 ms): React DOM's module, then the
// app's modules, then the root. Elsewhere nothing is on screen yet: the app renders as soon as it can. index.html
// fetches all of it at once (scripts/app-loader.ts lists these chunks with the first route's).
const app = root.dataset.prerendered
  ? import('react-dom/client')
      .then(nextTask)
      .then(() => import('@/app/mount'))
      .then(async (mount) => {
        await nextTask()
        return mount
      })
  : import('@/app/mount')
// The visitor's language (src/i18n/locales.ts): its catalogue, English's too, is a chunk that loads beside the app's
// (index.html starts it by <html lang>, scripts/app-loader.ts) and the app renders once both are there, so its first
// render is already in that language and no other language's catalogue is downloaded.
const locale = startLocale()
document.documentElement.lang = locale
const speaking = import('@/i18n/load-locale').then(({ loadLocale }) => loadLocale(locale))
void Promise.all([app, speaking]).then(([{ mountApp }]) => mountApp(root))
