/**
 * Build-time defaults of the app's environment: the local stack of `npm start` (docs/architecture.md §3), whose URL and
 * anon key are those of the Supabase CLI. The anon key is public by design (it only identifies the project; row
 * level security decides access). No secret belongs in src/: the service_role key and the JWT secret stay on the
 * server. Pure constants, shared by src/config/env.ts and vite.config.ts.
 */
export const DEFAULT_SUPABASE_URL = 'http://127.0.0.1:54321'
export const DEFAULT_SUPABASE_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

/** The product's public face, used by the web manifest and the page head. */
export const APP_NAME = 'Kreis'
export const APP_TAGLINE = 'Wear stories, not trends.'
export const APP_DESCRIPTION = `${APP_TAGLINE} Buy & sell pre-loved clothes in Switzerland, all in one stylish circle.`
export const THEME_COLOR = '#166534'
export const BACKGROUND_COLOR = '#fdfcf8'
