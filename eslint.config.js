// Lint: typescript-eslint's recommended rules, React hooks rules, and the layer boundaries of docs/architecture.md §2:
// app → features → {ui, domain, db, sync, i18n}; features never import each other; only src/remote imports
// supabase-js; domain imports nothing of ours; the local stack shares nothing with src/.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const FEATURES = ['landing', 'auth', 'shop', 'item', 'favorites', 'messages', 'sell', 'profile', 'subscription', 'payment', 'static']

const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { patterns, paths }],
})
const noSupabase = { group: ['@supabase/*'], message: 'Only src/remote talks to supabase-js (docs/architecture.md §1 rule 8).' }

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'test-results-*', 'dev-dist', 'node_modules', 'reports', '.stryker-tmp', 'test-results', 'playwright-report', 'scratch', '.kreis', 'supabase/functions/*/index.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'User content is never rendered as HTML.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['src/domain/**'], rules: restrict([{ group: ['@/*', '../*'], message: 'domain/ imports nothing of ours.' }, noSupabase]) },
  {
    files: ['src/{db,sync,ui,i18n}/**'],
    rules: restrict([{ group: ['@/features/*', '@/app/*'], message: 'Shared layers never import features or app.' }, noSupabase]),
  },
  ...FEATURES.map((name) => ({
    files: [`src/features/${name}/**`],
    rules: restrict([
      {
        group: FEATURES.filter((f) => f !== name).map((f) => `@/features/${f}/*`).concat('@/app/*', '@/remote/*'),
        message: 'Features never import each other, the app layer, or remote/ (docs/architecture.md §2).',
      },
      noSupabase,
    ]),
  })),
  {
    // A promise nobody awaits loses its failure (a write acknowledged while its rollback never ran): every promise
    // is awaited, or marked `void` where fire-and-forget is meant; no promise where a plain value is expected.
    files: ['src/**/*.{ts,tsx}', 'supabase/local/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // No import cycles: a module's dependencies load before it, and each layer can be read from the ground up.
    // Type-only imports do not count (they vanish at run time).
    files: ['src/**/*.{ts,tsx}', 'supabase/local/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Which files the rule follows (its default is .js only) and how it reads them.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: ['src/app/**'], rules: restrict([noSupabase]) },
  { files: ['supabase/**'], rules: restrict([{ group: ['**/src/*', '@/*'], message: 'The local stack shares nothing with src/.' }]) },
)
