import { useState, type ReactNode } from 'react'
import { Button, type ButtonSize } from './button'
import { Dialog } from './dialog'

export interface ConfirmButtonProps {
  /** The button's text; the dialog opens on press. */
  children: ReactNode
  title: string
  description: string
  confirmLabel: string
  cancelLabel: string
  disabled?: boolean
  /** The opening button's size (a compact row of actions uses 'sm'). */
  size?: ButtonSize
  className?: string
  /** The button's name when its text is a short form of it ("Delete" for "Delete listing"). */
  accessibleName?: string
  onConfirm(): void
}

/** A destructive action behind a confirmation dialog: nothing happens until the user confirms. */
export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel,
  cancelLabel,
  disabled,
  size,
  className,
  accessibleName,
  onConfirm,
}: ConfirmButtonProps) {
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <Button
        variant="danger-outline"
        size={size}
        className={className}
        aria-label={accessibleName}
        disabled={disabled}
        onClick={() => setConfirming(true)}
      >
        {children}
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={title}
        description={description}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {cancelLabel}
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                setConfirming(false)
                onConfirm()
              }}
            >
              {confirmLabel}
            </Button>
          </>
        }
      />
    </>
  )
}
