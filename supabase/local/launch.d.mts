/** Types of launch.mjs (the prebuilt stack bundle). */
export const BUNDLE_CACHE_DIR: string
export function currentBundle(): string | null
export function buildBundle(): Promise<string>
export function loadStack(): Promise<typeof import('./bundle-entry.ts')>
