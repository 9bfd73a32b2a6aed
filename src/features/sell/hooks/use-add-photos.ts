/**
 * Adding photos to a draft: the capacity rule on what was picked, a clear message for HEIC and unreadable files;
 * the chosen files are kept on the device at once, then each is compressed off the main thread into the draft
 * (and its kept file dropped in the same transaction). A reload or a closed tab while photos are being prepared
 * loses none: the screen prepares what was left when it opens again. One photo at a time keeps phones' memory low.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  appendSellDraftPhotos,
  dropOriginal,
  keepOriginals,
  originalsOf,
  useDatabase,
  type PhotoOriginal,
} from '@/data'
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
  // Kept files this screen has queued (so the ones found again after a reload are queued once).
  const queued = useRef(new Set<string>())

  const prepare = useCallback(
    (originals: readonly PhotoOriginal[]) => {
      const fresh = originals.filter((o) => !queued.current.has(o.id))
      for (const o of fresh) queued.current.add(o.id)
      pending.current += fresh.length
      setPreparing(pending.current)
      for (const o of fresh) {
        queue.current = queue.current.then(async () => {
          try {
            const file = o.file instanceof File ? o.file : new File([o.file], o.name, { type: o.file.type })
            const photo = await compressPhoto(file)
            await db.transaction('rw', [db.draft_photos, db.drafts, db.meta], async () => {
              await appendSellDraftPhotos(
                db,
                o.draftId,
                [
                  {
                    id: o.id,
                    blob: photo.blob,
                    card_blob: photo.card,
                    content_type: photo.contentType,
                    image_url: null,
                  },
                ],
                Date.now(),
              )
              await dropOriginal(db, o.draftId, o.id)
            })
          } catch (e) {
            console.warn('photo could not be prepared', e)
            await dropOriginal(db, o.draftId, o.id).catch(() => {})
            setProblems((p) => [...p, { id: ++noticeId, text: t('sellFlow.unreadable', { name: o.name }) }])
          } finally {
            pending.current -= 1
            setPreparing(pending.current)
          }
        })
      }
    },
    [db],
  )

  // Files chosen before a reload (or a closed tab) that were not prepared yet: prepared now.
  useEffect(() => {
    if (!draftId) return
    let live = true
    void originalsOf(db, draftId).then((left) => {
      if (live && left.length) prepare(left)
    })
    return () => {
      live = false
    }
  }, [db, draftId, prepare])

  const add = useCallback(
    (files: readonly File[]) => {
      if (!draftId) return
      const { accepted, heic } = sortPickedFiles(currentCount + pending.current, files)
      const notices = heic.map((f) => ({ id: ++noticeId, text: t('sellFlow.heic', { name: f.name }) }))
      if (notices.length) setProblems((p) => [...p, ...notices])
      if (!accepted.length) return
      const now = Date.now()
      const originals = accepted.map((file, i) => ({
        id: crypto.randomUUID(),
        draftId,
        name: file.name,
        file,
        order: now + i,
      }))
      // Counted at once (the capacity rule and "Preparing photo…"), kept before the first is prepared.
      pending.current += originals.length
      setPreparing(pending.current)
      void keepOriginals(db, originals)
        .catch((e: unknown) => console.warn('chosen photos could not be kept before preparing', e))
        .then(() => {
          pending.current -= originals.length
          prepare(originals)
        })
    },
    [db, draftId, currentCount, prepare],
  )

  const dismiss = useCallback((id: number) => setProblems((p) => p.filter((n) => n.id !== id)), [])
  return { add, preparing, problems, dismiss }
}
