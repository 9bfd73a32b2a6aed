import { useCallback } from 'react'
import type { ProfileFormValues } from '@/domain/profile'
import { profileUpdateFailureToast } from '@/domain/errors'
import { TOASTS } from '@/domain/toasts'
import { renderToast } from '@/i18n'
import { updateMyProfile, useWriteContext } from '@/data'
import { toast } from '@/ui/toast/toast-store'

/**
 * Saves the profile edit on the device (the outbox sends it, offline too; docs/product.md §5: empty values become null) and
 * says so with the §8 toast. A refusal by the server shows later on the page, from the row's sync state.
 */
export function useUpdateProfile(): (values: ProfileFormValues) => Promise<boolean> {
  const { db, userId, now, poke } = useWriteContext()
  return useCallback(
    async (values) => {
      if (!userId) return false
      try {
        await updateMyProfile(
          db,
          userId,
          { first_name: values.firstName, last_name: values.lastName, location: values.location },
          now(),
        )
      } catch (e) {
        toast(renderToast(profileUpdateFailureToast({ message: e instanceof Error ? e.message : null })))
        return false
      }
      poke()
      toast(renderToast(TOASTS.profileUpdated))
      return true
    },
    [db, userId, now, poke],
  )
}
