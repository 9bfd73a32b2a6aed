import { Fragment } from 'react'
import { linkify } from '@/domain/linkify'

/** User text as text: React escapes it; only http(s) links become <a> (never HTML from the message). */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((s, i) =>
        s.kind === 'text' ? (
          <Fragment key={i}>{s.text}</Fragment>
        ) : (
          <a
            key={i}
            href={s.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all underline underline-offset-2"
          >
            {s.text}
          </a>
        ),
      )}
    </>
  )
}
