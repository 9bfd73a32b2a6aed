/**
 * Where the end-to-end run serves things. The API gets its own port so a developer's `npm start` on 54321 can
 * keep running; the app must be on :4173, the origin the local stack allows by default.
 */
// KREIS_E2E_APP_PORT / KREIS_E2E_API_PORT (with KREIS_BUILD_DIR for the build) let two runs share a machine.
export const APP_URL = `http://localhost:${process.env.KREIS_E2E_APP_PORT || 4173}`
export const E2E_API_PORT = Number(process.env.KREIS_E2E_API_PORT || 54331)
export const E2E_API_URL = `http://127.0.0.1:${E2E_API_PORT}`
