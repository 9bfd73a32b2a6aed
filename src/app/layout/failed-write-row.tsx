import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { getAppSync, renderSyncFailure, useDatabase, type OutboxGroup } from '@/data'
import type { StoredSyncFailure } from '@/domain/errors'
import { t } from '@/i18n'
import { Button } from '@/ui/button'

const KIND_LABEL = {
  listing: 'syncState.groupListing',
  conversation: 'syncState.groupConversation',
  profile: 'syncState.groupProfile',
} as const

/** What the refused write was about, in the user's words: the listing's title, the message's listing, the profile. */
function useGroupName(group: OutboxGroup): string {
  const db = useDatabase()
  const [kind, id] = group.split(':') as [keyof typeof KIND_LABEL, string]
  const detail = useLiveQuery(async () => {
    if (kind === 'listing') return (await db.listings.get(id))?.title
    if (kind === 'conversation') {
      const conversation = await db.conversations.get(id)
      return conversation ? (await db.listings.get(conversation.listing_id))?.title : undefined
    }
    return undefined
  }, [db, kind, id])
  const label = t(KIND_LABEL[kind] ?? 'syncState.groupListing')
  return detail ? `${label}: ${detail}` : label
}

/** One refused write with Retry and Discard (engine.retry / engine.discard). */
export function FailedWriteRow({ group, message }: { group: OutboxGroup; message: StoredSyncFailure }) {
  const name = useGroupName(group)
  const text = renderSyncFailure(message)
  const [busy, setBusy] = useState(false)
  const act = (fn: (g: OutboxGroup) => Promise<void>) => {
    setBusy(true)
    void fn(group)
      .catch(() => {})
      .finally(() => setBusy(false))
  }
  const engine = getAppSync()
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-red-200 bg-white p-3">
      <p className="font-medium break-words text-stone-900">{name}</p>
      {text && <p className="text-sm break-words text-red-800">{text}</p>}
      <div className="flex gap-2">
        <Button
          size="sm"
          className="min-h-11"
          disabled={busy}
          aria-label={t('syncState.retryLabel', { what: name })}
          onClick={() => act((g) => engine.retry(g))}
        >
          {t('syncState.retry')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="min-h-11"
          disabled={busy}
          aria-label={t('syncState.discardLabel', { what: name })}
          onClick={() => act((g) => engine.discard(g))}
        >
          {t('syncState.discard')}
        </Button>
      </div>
    </li>
  )
}
