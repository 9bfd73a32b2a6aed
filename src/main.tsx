// The stylesheet is index.html's own (inlined by the build, scripts/prerender.ts): no chunk carries it, so no
// lazy chunk's import asks for it again.
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

/** The next task: the browser may paint and handle input in between. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

// The app's JS runs in three tasks rather than one long one after the first paint (TBT: at 4x CPU it blocked input
// for ~100 ms): React DOM's module, then the app's modules, then the root. index.html fetches all of it at once
// (scripts/app-loader.ts lists these chunks with the first route's).
void import('react-dom/client')
  .then(nextTask)
  .then(() => import('@/app/mount'))
  .then(async ({ mountApp }) => {
    await nextTask()
    mountApp(root)
  })
