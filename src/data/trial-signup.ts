/**
 * The free-trial sign-up of the landing page (docs/product.md §2.3, §4, §7 "Trial signup", §8 "Trial and newsletter"): an
 * online-only call, kept apart from the outbox like payments.ts, since a visitor's trial is not a user's data and
 * §8 answers it at once ("Email already registered"). The network module loads only when a sign-up is sent.
 */
import { trialUserRecord, type TrialSignupValues, type TrialUserRecord } from '@/domain/trial-signup'
import { FailureReason, type Result } from '@/sync/protocol'

/** started; duplicate (23505: the address already has a trial); offline (no answer, nothing sent that we know of);
 * failed (any other refusal or breakage). */
export type TrialOutcome = 'started' | 'duplicate' | 'offline' | 'failed'

/** SQLSTATE unique_violation: trial_users holds one row per address, whatever its letter case. */
const UNIQUE_VIOLATION = '23505'

export const trialOutcomeOf = (r: Result<unknown>): TrialOutcome =>
  r.ok
    ? 'started'
    : r.code === UNIQUE_VIOLATION
      ? 'duplicate'
      : r.reason === FailureReason.network
        ? 'offline'
        : 'failed'

export interface TrialSignupDeps {
  now?: () => Date
  /** The insert; the app's is supabase-js's (src/remote/trial-signup.ts). */
  insert?: (record: TrialUserRecord) => Promise<Result<null>>
  /** Whether the browser believes it is online; offline, nothing is sent. */
  online?: () => boolean
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false
const remoteInsert = async (record: TrialUserRecord) => (await import('@/remote/trial-signup')).insertTrialUser(record)

/** Inserts the trial record built from the form ({email, first_name, city, active, now, now + 30 days}); the
 * password the form collects is not part of it. */
export async function startTrial(values: TrialSignupValues, deps: TrialSignupDeps = {}): Promise<TrialOutcome> {
  const { now = () => new Date(), insert = remoteInsert, online = browserOnline } = deps
  if (!online()) return 'offline'
  try {
    return trialOutcomeOf(await insert(trialUserRecord(values, now())))
  } catch {
    // The network module itself could not be loaded (offline with an old cache): nothing was sent.
    return 'offline'
  }
}
