// Lint: typescript-eslint's recommended rules, React hooks rules, and the layer boundaries of docs/architecture.md §2:
// app → features → shared → {data, ui, domain, i18n}, data → {sync, db}; features never import each other; only
// src/remote imports supabase-js; domain imports nothing of ours; the local stack shares nothing with src/; no import
// cycles in src/ or supabase/local.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import globals from 'globals'

const FEATURES = [
  'landing',
  'auth',
  'shop',
  'item',
  'favorites',
  'messages',
  'sell',
  'profile',
  'subscription',
  'payment',
  'static',
]

const restrict = (patterns, paths = []) => ({
  'no-restricted-imports': ['error', { patterns, paths }],
})
const noSupabase = {
  group: ['@supabase/*'],
  message: 'Only src/remote talks to supabase-js (docs/architecture.md §1 rule 8).',
}
// Features and the app reach the device's database, the engine and the online-only services through one front door,
// src/data/index.ts. Their tests may still build fixtures from the layers behind it (a seeded database, a session).
const frontDoor = {
  group: ['@/sync/*', '@/db/*', '@/data/*'],
  message: 'Features and the app use the data layer through @/data only (docs/architecture.md §2).',
}
const TESTS = ['src/**/*.test.{ts,tsx}', 'src/**/testing/**']

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'test-results-*',
      'dev-dist',
      'node_modules',
      'reports',
      '.stryker-tmp',
      'test-results',
      'playwright-report',
      'scratch',
      '.kreis',
      'supabase/functions/*/index.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'User content is never rendered as HTML.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/domain/**'],
    rules: restrict([{ group: ['@/*', '../*'], message: 'domain/ imports nothing of ours.' }, noSupabase]),
  },
  {
    files: ['src/{db,sync}/**'],
    rules: restrict([
      {
        group: ['@/features/*', '@/app/*', '@/shared/*', '@/data', '@/data/*'],
        message: 'Lower layers never import the front door, shared/, features or app.',
      },
      noSupabase,
    ]),
  },
  {
    // ui/ and i18n/ are primitives any layer may use: they know no data (a card that reads the mirror is shared/).
    files: ['src/{ui,i18n}/**'],
    rules: restrict([
      {
        group: ['@/features/*', '@/app/*', '@/shared/*', '@/data', '@/data/*', '@/sync/*', '@/db/*', '@/remote/*'],
        message: 'ui/ and i18n/ hold primitives without data: no data layer, shared/, features or app.',
      },
      noSupabase,
    ]),
  },
  {
    files: ['src/data/**'],
    rules: restrict([
      {
        group: ['@/features/*', '@/app/*', '@/shared/*'],
        message: 'The data layer never imports shared/, features or app.',
      },
      noSupabase,
    ]),
  },
  ...[
    { files: ['src/shared/**'], ignores: TESTS, more: [frontDoor] },
    { files: TESTS.map((t) => t.replace('src/**', 'src/shared/**')), ignores: [], more: [] },
  ].map(({ files, ignores, more }) => ({
    files,
    ignores,
    rules: restrict([
      {
        group: ['@/features/*', '@/app/*', '@/remote/*'],
        message: 'shared/ serves several features: it imports none of them, nor app or remote/.',
      },
      ...more,
      noSupabase,
    ]),
  })),
  ...FEATURES.flatMap((name) => {
    const apart = {
      group: FEATURES.filter((f) => f !== name)
        .map((f) => `@/features/${f}/*`)
        .concat('@/app/*', '@/remote/*'),
      message: 'Features never import each other, the app layer, or remote/ (docs/architecture.md §2).',
    }
    return [
      { files: [`src/features/${name}/**`], ignores: TESTS, rules: restrict([apart, frontDoor, noSupabase]) },
      { files: TESTS.map((t) => t.replace('src/**', `src/features/${name}/**`)), rules: restrict([apart, noSupabase]) },
    ]
  }),
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
  { files: ['src/app/**'], ignores: TESTS, rules: restrict([frontDoor, noSupabase]) },
  { files: TESTS.map((t) => t.replace('src/**', 'src/app/**')), rules: restrict([noSupabase]) },
  {
    files: ['supabase/**'],
    rules: restrict([{ group: ['**/src/*', '@/*'], message: 'The local stack shares nothing with src/.' }]),
  },
)
