// Shared setup for the app's tests. Component tests opt into a DOM with `// @vitest-environment happy-dom`.
import '@testing-library/jest-dom/vitest'
