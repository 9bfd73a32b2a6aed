import { useRef, useState, type DragEvent } from 'react'
import { PHOTO_EXTENSIONS, PHOTO_MIME_TYPES } from '@/domain/constants'
import { t } from '@/i18n'
import { cx } from '@/ui/cx'

const ACCEPT = [...PHOTO_EXTENSIONS, ...PHOTO_MIME_TYPES].join(',')

/**
 * The drop zone of docs/product.md §2.10: drop files or click to choose (.jpeg/.jpg/.png/.webp); on phones a second button
 * opens the camera. While photos are being prepared it reads "Uploading..." / "Please wait...".
 */
export function DropZone({
  onFiles,
  busy,
  disabled,
}: {
  onFiles(files: File[]): void
  busy: boolean
  disabled?: boolean
}) {
  const pick = useRef<HTMLInputElement>(null)
  const camera = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const take = (list: FileList | null) => {
    if (list && list.length) onFiles([...list])
  }
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    if (!disabled) take(e.dataTransfer.files)
  }
  return (
    <div className="flex flex-col gap-3">
      <div
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cx(
          'flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          over ? 'border-green-700 bg-green-50' : 'border-stone-300 bg-stone-50',
        )}
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="h-10 w-10 text-green-800"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        >
          <path d="M4 7h3l2-2h6l2 2h3v12H4z" strokeLinejoin="round" />
          <circle cx="12" cy="13" r="3.5" />
        </svg>
        {busy ? (
          <p role="status" className="font-semibold text-stone-900">
            {t('upload.uploading')}{' '}
            <span className="block text-sm font-normal text-stone-700">{t('upload.pleaseWait')}</span>
          </p>
        ) : (
          <>
            <button
              type="button"
              onClick={() => pick.current?.click()}
              disabled={disabled}
              className="rounded-lg px-2 py-1 font-semibold text-green-900 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-green-700"
            >
              {t('upload.dropZone')}
            </button>
            <p className="text-sm text-stone-600">{t('upload.dropZoneHint')}</p>
          </>
        )}
        <input
          ref={pick}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          onChange={(e) => (take(e.target.files), (e.target.value = ''))}
          data-testid="photo-input"
        />
        <input
          ref={camera}
          type="file"
          accept={ACCEPT}
          capture="environment"
          hidden
          onChange={(e) => (take(e.target.files), (e.target.value = ''))}
        />
      </div>
      <button
        type="button"
        onClick={() => camera.current?.click()}
        disabled={disabled || busy}
        className="hidden h-11 items-center justify-center gap-2 rounded-full border border-stone-400 bg-white font-semibold text-stone-900 pointer-coarse:inline-flex"
      >
        {t('sellFlow.takePhoto')}
      </button>
    </div>
  )
}
