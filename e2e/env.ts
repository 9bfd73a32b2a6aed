/**
 * Where the end-to-end run serves things. The API gets its own port so a developer's `npm start` on 54321 can
 * keep running; the app must be on :4173, the origin the local stack allows by default.
 */
export const APP_URL = 'http://localhost:4173'
export const E2E_API_PORT = 54331
export const E2E_API_URL = `http://127.0.0.1:${E2E_API_PORT}`
