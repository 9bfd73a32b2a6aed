/**
 * The /auth form's action: calls the account call of the mode, shows the docs/product.md §8 toast, and reports what the screen
 * shows next (the confirmation, or the mapped error next to the form).
 */
import { useCallback } from 'react'
import { sendPasswordReset, signInWithPassword, signUpWithPassword, useDatabase, type AuthOutcome } from '@/data'
import type { AuthFormValues } from '@/domain/auth-form'
import { authErrorMessage, authFailureToast, type AuthMode } from '@/domain/errors'
import { TOASTS } from '@/domain/toasts'
import { render, renderToast } from '@/i18n'
import { toast } from '@/ui/toast/toast-store'

export type SubmitResult = { ok: true; signedIn: boolean } | { ok: false; error: string }

export function useAuthSubmit(): (mode: AuthMode, values: AuthFormValues) => Promise<SubmitResult> {
  const db = useDatabase()
  return useCallback(
    async (mode, values) => {
      let outcome: AuthOutcome
      if (mode === 'signin') outcome = await signInWithPassword(db, values.email, values.password)
      else if (mode === 'signup') outcome = await signUpWithPassword(db, values)
      else outcome = await sendPasswordReset(values.email)

      if (!outcome.ok) {
        if (outcome.code === 'unexpected') {
          const shown = renderToast(TOASTS.unexpected)
          toast(shown)
          return { ok: false, error: `${shown.title}. ${shown.description ?? ''}`.trim() }
        }
        const refusal = { code: outcome.code, retryAfterMs: outcome.retryAfterMs }
        toast(renderToast(authFailureToast(mode, outcome.message, refusal)))
        return { ok: false, error: render(authErrorMessage(outcome.message, refusal)) }
      }
      const success =
        mode === 'signin' ? TOASTS.signInSuccess : mode === 'signup' ? TOASTS.signUpSuccess : TOASTS.resetSent
      toast(renderToast(success))
      return { ok: true, signedIn: outcome.signedIn }
    },
    [db],
  )
}
