import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { canSend, composerKeyAction, messageText } from '@/domain/messaging'
import { t } from '@/i18n'
import { Button } from '@/ui/button'

export interface ComposerProps {
  /** Writes the message; resolves true when it was queued (then the field empties). */
  onSend(text: string): Promise<boolean>
  sending: boolean
}

/**
 * The composer of docs/product.md §2.7: Enter sends, Shift+Enter inserts a newline, the text is trimmed, and Send is disabled
 * while the text is empty or a send is in progress.
 */
export function Composer({ onSend, sending }: ComposerProps) {
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const field = useRef<HTMLTextAreaElement>(null)
  const hintId = useId()
  const inProgress = sending || busy
  const enabled = canSend(text, inProgress)

  async function submit() {
    const content = messageText(text)
    if (!content || inProgress) return
    setBusy(true)
    try {
      if (await onSend(content)) setText('')
    } finally {
      setBusy(false)
      field.current?.focus()
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (composerKeyAction({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing }) !== 'send')
      return
    e.preventDefault()
    void submit()
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    void submit()
  }

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-stone-200 bg-white p-3">
      <label className="sr-only" htmlFor={`${hintId}-field`}>
        {t('messages.composerLabel')}
      </label>
      <textarea
        id={`${hintId}-field`}
        ref={field}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        rows={1}
        maxLength={2000}
        placeholder={t('inbox.composerPlaceholder')}
        aria-describedby={hintId}
        className="max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-stone-300 bg-white px-4 py-2.5 text-base text-stone-900 [field-sizing:content] placeholder:text-stone-500 focus-visible:border-green-700 focus-visible:outline-2 focus-visible:outline-green-700"
      />
      <span id={hintId} className="sr-only">
        {t('messages.composerHint')}
      </span>
      <Button type="submit" disabled={!enabled} aria-busy={inProgress}>
        {inProgress ? t('inbox.sending') : t('inbox.send')}
      </Button>
    </form>
  )
}
