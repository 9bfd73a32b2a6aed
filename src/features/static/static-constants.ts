/** When the policies last changed (shown on /terms and /privacy-policy). */
export const POLICIES_UPDATED = '1 January 2024'
