// Shared setup for the app's tests. Component tests opt into a DOM with `// @vitest-environment happy-dom`.
import '@testing-library/jest-dom/vitest'
import { configure } from '@testing-library/dom'
import { applyLocale } from '@/i18n'
import { en } from '@/i18n/en'

// findBy* and waitFor wait up to 10 s (Testing Library's default is 1 s): on a loaded CI machine a live query's
// first answer can take longer than a second, and no test may depend on how fast the machine is today. A test
// whose condition holds returns at once, so a passing run is as fast as before.
configure({ asyncUtilTimeout: 10_000 })

// The app loads its language's catalogue before its first render (src/main.tsx, src/i18n/load-locale.ts); tests
// render at once, so they start in English, loaded here synchronously. A test that switches language switches back.
applyLocale('en', en, null)
