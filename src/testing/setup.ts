// Shared setup for the app's tests. Component tests opt into a DOM with `// @vitest-environment happy-dom`.
import '@testing-library/jest-dom/vitest'
import { configure } from '@testing-library/dom'

// findBy* and waitFor wait up to 10 s (Testing Library's default is 1 s): on a loaded CI machine a live query's
// first answer can take longer than a second, and no test may depend on how fast the machine is today. A test
// whose condition holds returns at once, so a passing run is as fast as before.
configure({ asyncUtilTimeout: 10_000 })
