import { Modal, type ModalProps } from './modal'

/**
 * A modal that rises from the bottom edge on phones, the mobile pattern for panels such as the feed's filters. From
 * sm it is a centred panel, rounded all round: a sheet glued to the bottom of a wide screen looks cut off.
 */
export function Sheet(props: ModalProps) {
  return (
    <Modal
      {...props}
      className="mx-auto mt-auto mb-0 max-h-[85vh] w-full max-w-2xl overflow-y-auto rounded-t-3xl motion-safe:animate-[sheet-in_200ms_ease-out] sm:my-auto sm:w-[calc(100vw-3rem)] sm:rounded-3xl sm:motion-safe:animate-[toast-in_150ms_ease-out]"
    />
  )
}
