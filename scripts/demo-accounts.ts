/** The seeded demo accounts (supabase/seed), printed by `npm start` and `npm run dev`. */
export const DEMO_PASSWORD = 'kreis-demo'

export const DEMO_ACCOUNTS = [
  { email: 'anna@demo.kreis.ch', name: 'Anna Müller', city: 'Zurich', role: 'seller' },
  { email: 'luca@demo.kreis.ch', name: 'Luca Rossi', city: 'Geneva', role: 'seller' },
  { email: 'sophie@demo.kreis.ch', name: 'Sophie Martin', city: 'Lausanne', role: 'seller' },
  { email: 'noah@demo.kreis.ch', name: 'Noah Keller', city: 'Bern', role: 'buyer' },
  { email: 'mia@demo.kreis.ch', name: 'Mia Weber', city: 'Basel', role: 'buyer' },
] as const

export function formatDemoAccounts(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length))
  const rows = DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(width)}  ${a.role.padEnd(6)}  ${a.name}, ${a.city}`)
  return [`  Demo accounts (password "${DEMO_PASSWORD}"):`, ...rows].join('\n')
}
