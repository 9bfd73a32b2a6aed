/**
 * Adding photos to a draft (issue 12 §2): the capacity rule on what was picked, a clear message for HEIC and
 * unreadable files, then each photo compressed off the main thread and stored in the draft at once (a reload, a
 * crash or an offline period loses nothing). Photos are prepared one at a time to keep memory low on phones.
 */
import { useCallback, useRef, useState } from 'react'
import { useDatabase } from '@/db/database-context'
import { appendSellDraftPhotos } from '@/db/repositories/drafts'
import { sortPickedFiles } from '@/domain/photos'
import { t } from '@/i18n'
import { compressPhoto } from '../photos/compress-photo'

export interface PhotoProblemNotice {
  id: number
  text: string
}

let noticeId = 0

export function useAddPhotos(draftId: string | null, currentCount: number) {
  const db = useDatabase()
  const [preparing, setPreparing] = useState(0)
  const [problems, setProblems] = useState<PhotoProblemNotice[]>([])
  const queue = useRef<Promise<void>>(Promise.resolve())
  const pending = useRef(0)

  const add = useCallback(
    (files: readonly File[]) => {
      if (!draftId) return
      const { accepted, heic } = sortPickedFiles(currentCount + pending.current, files)
      const notices = heic.map((f) => ({ id: ++noticeId, text: t('sellFlow.heic', { name: f.name }) }))
      if (notices.length) setProblems((p) => [...p, ...notices])
      pending.current += accepted.length
      setPreparing(pending.current)
      for (const file of accepted) {
        queue.current = queue.current.then(async () => {
          try {
            const photo = await compressPhoto(file)
            await appendSellDraftPhotos(
              db,
              draftId,
              [{ id: crypto.randomUUID(), blob: photo.blob, card_blob: photo.card, content_type: photo.contentType, image_url: null }],
              Date.now(),
            )
          } catch (e) {
            console.warn('photo could not be prepared', e)
            setProblems((p) => [...p, { id: ++noticeId, text: t('sellFlow.unreadable', { name: file.name }) }])
          } finally {
            pending.current -= 1
            setPreparing(pending.current)
          }
        })
      }
    },
    [db, draftId, currentCount],
  )

  const dismiss = useCallback((id: number) => setProblems((p) => p.filter((n) => n.id !== id)), [])
  return { add, preparing, problems, dismiss }
}
