import { useEffect, useRef } from 'react'
import { renderSyncFailure, syncFailureOf, type MessageRow } from '@/data'
import { canRetryFailure } from '@/domain/errors'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { toast } from '@/ui/toast/toast-store'

export type SentPhase = 'queued' | 'sent' | 'unavailable' | 'failed'

/** Where a message written from the dialog stands: the device holds it, the server has it, or it was refused. */
export function sentPhase(message: Pick<MessageRow, 'sync_state' | 'sync_error'>): SentPhase {
  if (message.sync_state === 'synced') return 'sent'
  if (message.sync_state === 'pending') return 'queued'
  const failure = message.sync_error === undefined ? undefined : syncFailureOf(message.sync_error)
  return failure && !canRetryFailure(failure) ? 'unavailable' : 'failed'
}

/**
 * The dialog after Send. It says "sent" only once the server has the message: until then it says the message will
 * be sent (offline: when the device is back online); a refusal because the item sold reads as the item's sold
 * state, other refusals with their words. The toast "Message sent!" comes when the server has it.
 */
export function MessageSentStatus({ message, online }: { message: MessageRow; online: boolean }) {
  const phase = sentPhase(message)
  const heading = useRef<HTMLParagraphElement>(null)
  // The form that held the focus is gone: the focus moves to what replaced it, so a keyboard user is not lost.
  useEffect(() => heading.current?.focus(), [])
  const told = useRef(phase === 'sent')
  useEffect(() => {
    if (phase !== 'sent' || told.current) return
    told.current = true
    toast(renderToast(TOASTS.messageSent))
  }, [phase])
  const [title, text] =
    phase === 'sent'
      ? [t('toast.messageSent'), t('toast.messageSentDescription')]
      : phase === 'queued'
        ? [t('messages.dialogWillSend'), online ? t('messages.dialogSending') : t('messages.dialogQueued')]
        : phase === 'unavailable'
          ? [t('toast.itemSold'), t('toast.itemSoldDescription')]
          : [t('messages.state.failed'), renderSyncFailure(message.sync_error)]
  return (
    <div role="status" className="flex flex-col gap-3" data-phase={phase}>
      <p ref={heading} tabIndex={-1} className="text-lg font-semibold text-stone-900 focus:outline-none">
        {title}
      </p>
      <p className="text-stone-700">{text}</p>
    </div>
  )
}
