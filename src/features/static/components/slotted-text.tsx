import { Fragment, type ReactNode } from 'react'

/**
 * A catalogue sentence whose {name} slots are elements (a link, an address), so its words stay in src/i18n and a
 * translation may move the slot. A slot without an element stays visible as written.
 */
export function SlottedText({ text, slots }: { text: string; slots: Readonly<Record<string, ReactNode>> }) {
  const parts = text.split(/\{(\w+)\}/)
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 0 ? part : <Fragment key={i}>{part in slots ? slots[part] : `{${part}}`}</Fragment>,
      )}
    </>
  )
}
