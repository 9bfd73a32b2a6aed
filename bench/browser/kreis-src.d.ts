/**
 * `kreis-src/…` is the bench page's alias for src/ (bench/browser/harness.ts gives Vite the same mapping). The
 * sync engine and the Supabase transport import their neighbours through the app's `@/` alias, which only
 * tsconfig.app.json resolves; bench/ is checked by tsconfig.node.json. Importing them under this alias keeps the
 * node project from following into those files; sync-modules.ts gives the imports the narrow types the bench
 * uses, and Vite's build fails if an imported name is not exported.
 */
declare module 'kreis-src/*'
