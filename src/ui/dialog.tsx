import { Modal, type ModalProps } from './modal'

/** A centred modal dialog. */
export function Dialog(props: ModalProps) {
  return <Modal {...props} className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl" />
}
