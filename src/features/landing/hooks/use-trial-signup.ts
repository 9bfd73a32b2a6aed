/**
 * The trial modal's states (docs/product.md §4 "Trial signup": form → submitting → success) and its submit: the e-mail rule
 * of §5 first (a toast, nothing sent), then the insert through src/sync, whose outcome becomes the success view or
 * the §8 toast. Offline, the form says so and keeps what was typed.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { trialSignupProblem } from '@/domain/trial-signup'
import { TOASTS } from '@/domain/toasts'
import { renderToast } from '@/i18n'
import { startTrial } from '@/data'
import { dismissToast, toast } from '@/ui/toast/toast-store'

export type TrialPhase = 'form' | 'submitting' | 'success'

export interface TrialFormValues {
  email: string
  password: string
  firstName: string
  city: string
}

export const EMPTY_TRIAL_FORM: TrialFormValues = { email: '', password: '', firstName: '', city: '' }

/** What a submit led to, for the form to place the focus. */
export type TrialSubmitResult = 'invalid' | 'started' | 'refused' | 'offline' | 'busy'

export function useTrialSignup() {
  const [values, setValues] = useState<TrialFormValues>(EMPTY_TRIAL_FORM)
  const [phase, setPhase] = useState<TrialPhase>('form')
  /** The last attempt found no network: said in the form until the next attempt. */
  const [offline, setOffline] = useState(false)
  /** This form's last complaint: a later attempt takes it away, so "Email required" does not sit beside success. */
  const complaint = useRef<number | null>(null)
  const complain = (shown: number | null) => {
    if (complaint.current !== null) dismissToast(complaint.current)
    complaint.current = shown
  }

  // The network came back: the note about the last attempt no longer holds.
  useEffect(() => {
    const back = () => setOffline(false)
    window.addEventListener('online', back)
    return () => window.removeEventListener('online', back)
  }, [])

  const set = useCallback(<K extends keyof TrialFormValues>(key: K, value: TrialFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
  }, [])

  const submit = async (): Promise<TrialSubmitResult> => {
    if (phase !== 'form') return 'busy'
    const problem = trialSignupProblem(values)
    if (problem) {
      complain(toast(renderToast(problem)))
      return 'invalid'
    }
    complain(null)
    setOffline(false)
    setPhase('submitting')
    const outcome = await startTrial(values)
    if (outcome === 'started') {
      setValues(EMPTY_TRIAL_FORM)
      setPhase('success')
      return 'started'
    }
    setPhase('form')
    if (outcome === 'offline') {
      setOffline(true)
      return 'offline'
    }
    complain(toast(renderToast(outcome === 'duplicate' ? TOASTS.trialDuplicate : TOASTS.trialFailed)))
    return 'refused'
  }

  /** The modal closed: a finished sign-up starts over next time; an unfinished form keeps its values. */
  const closed = () => {
    if (phase === 'success') setPhase('form')
    setOffline(false)
  }

  return { values, set, phase, offline, submit, closed }
}
