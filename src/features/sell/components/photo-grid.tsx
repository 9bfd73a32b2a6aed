import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core'
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { DRAG_MOUSE_DISTANCE_PX, DRAG_TOUCH_DELAY_MS } from '@/domain/constants'
import { movePhoto, pointerOverGrid, type PhotoState } from '@/domain/photos'
import { t } from '@/i18n'
import { useMemo, useRef } from 'react'
import { cx } from '@/ui/cx'

export interface GridPhoto {
  id: string
  src: string | null
  state: PhotoState
}

const STATE_LABEL = {
  device: 'sellFlow.stateDevice',
  uploading: 'sellFlow.stateUploading',
  uploaded: 'sellFlow.stateUploaded',
  failed: 'sellFlow.stateFailed',
} as const

const STATE_STYLE: Record<PhotoState, string> = {
  device: 'bg-white/90 text-stone-900',
  uploading: 'bg-amber-100/95 text-stone-900',
  uploaded: 'bg-green-800/90 text-white',
  failed: 'bg-red-700 text-white',
}

export interface PhotoGridProps {
  photos: GridPhoto[]
  /** How many photos are still being prepared (placeholders at the end). */
  preparing: number
  onReorder(ids: string[]): void
  onRemove(id: string): void
  disabled?: boolean
}

/**
 * The photo grid of docs/product.md §2.10: 2 columns on small screens, 3 from medium; "Primary" on the first; reordered by
 * dragging — mouse after 5 px, touch after a 120 ms long press (docs/product.md §9), keyboard (Space, arrows, Space). A drop
 * outside the grid changes nothing. MouseSensor + TouchSensor rather than one PointerSensor, so that a finger
 * scrolling the page never starts a drag after 5 px; the mouse keeps the spec's 5 px.
 */
export function PhotoGrid({ photos, preparing, onReorder, onRemove, disabled }: PhotoGridProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: DRAG_TOUCH_DELAY_MS, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const ids = photos.map((p) => p.id)
  const grid = useRef<HTMLUListElement>(null)
  const order = ids.join(' ')
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `order` is `ids` by value: a new array of the same ids keeps the announcer
  const spoken = useMemo(() => announcements(ids), [order])
  // The nearest photo is a target only while the pointer is over the grid (closestCenter alone always finds one).
  const collisions: CollisionDetection = (args) =>
    pointerOverGrid(args.pointerCoordinates, grid.current?.getBoundingClientRect() ?? null) ? closestCenter(args) : []
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = ids.indexOf(String(active.id))
    const to = over ? ids.indexOf(String(over.id)) : null
    const next = movePhoto(ids, from, to === -1 ? null : to)
    if (next.some((id, i) => id !== ids[i])) onReorder(next)
  }
  if (photos.length === 0 && preparing === 0) return null
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: spoken, screenReaderInstructions: { draggable: t('sellFlow.dragInstructions') } }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy} disabled={disabled}>
        <ul ref={grid} className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-label={t('upload.title')}>
          {photos.map((p, i) => (
            <SortablePhoto key={p.id} photo={p} index={i} onRemove={onRemove} disabled={disabled} />
          ))}
          {Array.from({ length: preparing }, (_, i) => (
            <li
              key={`preparing-${i}`}
              className="flex aspect-square flex-col items-center justify-center gap-2 rounded-xl bg-stone-100 text-sm text-stone-700"
            >
              <span
                aria-hidden="true"
                className="h-7 w-7 motion-safe:animate-spin rounded-full border-4 border-stone-300 border-t-green-800"
              />
              {t('sellFlow.preparing')}
            </li>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  )
}

/**
 * What a screen reader hears while a photo moves: photo numbers and positions, never the photos' ids. The photo
 * being over its own place right after it is picked up is not said (it would replace "Picked up").
 */
function announcements(ids: readonly string[]): Announcements {
  const count = ids.length
  const lastOver = { current: null as string | null }
  const at = (id: string | number | undefined) => ids.indexOf(String(id)) + 1
  return {
    onDragStart: ({ active }) => {
      lastOver.current = String(active.id)
      return t('sellFlow.dragStart', { n: at(active.id), count })
    },
    onDragOver: ({ active, over }) => {
      const was = lastOver.current
      lastOver.current = over ? String(over.id) : null
      if (over && String(over.id) === was) return undefined
      return over
        ? t('sellFlow.dragOver', { n: at(active.id), to: at(over.id), count })
        : t('sellFlow.dragOutside', { n: at(active.id) })
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? t('sellFlow.dragEnd', { n: at(active.id), to: at(over.id), count })
        : t('sellFlow.dragEndUnchanged', { n: at(active.id) }),
    onDragCancel: ({ active }) => t('sellFlow.dragCancel', { n: at(active.id) }),
  }
}

function SortablePhoto({
  photo,
  index,
  onRemove,
  disabled,
}: {
  photo: GridPhoto
  index: number
  onRemove(id: string): void
  disabled?: boolean
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: photo.id,
    disabled,
  })
  const n = index + 1
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cx('relative aspect-square', isDragging && 'z-10 opacity-80')}
      data-photo-id={photo.id}
    >
      <div
        {...attributes}
        {...listeners}
        aria-label={t('sellFlow.dragHandle', { n })}
        className="h-full w-full cursor-grab touch-manipulation overflow-hidden rounded-xl bg-stone-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700 active:cursor-grabbing"
      >
        {photo.src && (
          <img
            src={photo.src}
            alt={t('sellFlow.photoAlt', { n })}
            draggable={false}
            className="h-full w-full select-none object-cover"
          />
        )}
        {index === 0 && (
          <span className="absolute left-2 top-2 rounded-full bg-green-800 px-2.5 py-0.5 text-xs font-semibold text-white">
            {t('upload.primary')}
          </span>
        )}
        <span
          className={cx(
            'absolute bottom-2 left-2 rounded-full px-2 py-0.5 text-xs font-medium shadow-sm',
            STATE_STYLE[photo.state],
          )}
        >
          {t(STATE_LABEL[photo.state])}
        </span>
      </div>
      <button
        type="button"
        onClick={() => onRemove(photo.id)}
        disabled={disabled}
        aria-label={`${t('upload.remove')} ${n}`}
        className="absolute right-1 top-1 flex h-11 w-11 items-center justify-center rounded-full text-white focus-visible:outline-3 focus-visible:outline-green-700 disabled:opacity-50"
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-stone-900/75 text-lg leading-none"
        >
          ×
        </span>
      </button>
    </li>
  )
}
