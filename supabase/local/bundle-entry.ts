/**
 * What the prebuilt stack bundle (launch.mjs) exposes: the `npm run stack` entry and the pieces `npm start` and
 * `npm run dev` use. Bundled once per change of the sources, so a start loads one JavaScript file instead of having
 * tsx transform every TypeScript module.
 */
export { runStack } from './main.ts'
export { startStack } from './stack.ts'
export { loadConfig } from './config.ts'
export { DataDirLockedError } from './shared/data-lock.ts'
