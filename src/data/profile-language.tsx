/**
 * A member's language across their devices (docs/product.md#R-language-profile), part of the data layer's chunk:
 * while a member is signed in, a language chosen on this device is also an edit of their profile (the outbox sends
 * it, offline too), and a profile language that differs from the device's, once no edit of the profile waits to be
 * sent, makes the device follow it (a pull brought a choice made on another device). A choice made on this device
 * before (signed out, or before this chunk loaded) is written into the profile as the member signs in, not undone.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import type { KreisDatabase } from '@/db/database'
import { useDatabase } from '@/db/database-context'
import { choiceSaved, followLanguage, languageToFollow, setLanguageKeeper, unsavedChoice } from '@/i18n/language-choice'
import { storedLocale, type Locale } from '@/i18n/locales'
import { pokeSync } from '@/sync/app-sync'
import { setMyLanguage } from '@/sync/kinds/profile-update'
import { useUserId } from './use-user-id'

interface ProfileLanguageProps {
  /** How the page starts again in the followed language (tests pass their own). */
  readonly reload?: () => void
  readonly now?: () => number
}

/** The language the device should follow for its member's profile in the mirror, or null (./language-choice). */
export async function languageOfProfile(db: KreisDatabase, userId: string): Promise<Locale | null> {
  const [row, waiting] = await Promise.all([
    db.my_profile.get(userId),
    db.outbox.where('group').equals(`profile:${userId}`).count(),
  ])
  return waiting > 0 || unsavedChoice() ? null : languageToFollow(row?.language, storedLocale())
}

const reloadPage = () => window.location.reload()

export function ProfileLanguage({ reload = reloadPage, now = Date.now }: ProfileLanguageProps) {
  const db = useDatabase()
  const userId = useUserId()

  useEffect(() => {
    if (!userId) return
    // A choice made before this member's data layer was there (signed out, or while it loaded) is theirs now.
    const unsaved = unsavedChoice()
    if (unsaved) {
      void setMyLanguage(db, userId, unsaved, now()).then(
        () => {
          choiceSaved()
          pokeSync()
        },
        () => {},
      )
    }
    return setLanguageKeeper(async (locale) => {
      await setMyLanguage(db, userId, locale, now())
      pokeSync()
    })
  }, [db, userId, now])

  const follow = useLiveQuery(async () => (userId ? languageOfProfile(db, userId) : null), [db, userId])

  useEffect(() => {
    if (follow) followLanguage(follow, reload)
  }, [follow, reload])
  return null
}
