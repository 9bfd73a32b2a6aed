import { useSession } from '@/data'

/** 'loading' while the cached session is read, then 'signed-in' or 'signed-out'. */
export const useAccountStatus = () => useSession((s) => s.status)

/** The signed-in user's e-mail, or null. */
export const useAccountEmail = () => useSession((s) => (s.status === 'signed-in' ? s.email : null))
