import { Modal, type ModalProps } from './modal'

/** A modal that rises from the bottom edge, the mobile pattern for panels such as the feed's filters. */
export function Sheet(props: ModalProps) {
  return (
    <Modal
      {...props}
      className="mx-auto mt-auto mb-0 max-h-[85vh] w-full max-w-2xl overflow-y-auto rounded-t-3xl motion-safe:animate-[sheet-in_200ms_ease-out]"
    />
  )
}
