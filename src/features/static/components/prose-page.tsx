import type { ReactNode } from 'react'
import { longText } from '@/i18n/long-texts'

export interface ProseSection {
  heading: string
  body: ReactNode
}

/** The common frame of the static pages: a title, a lead paragraph and headed sections. */
export function ProsePage({
  title,
  lead,
  sections,
  updated,
}: {
  title: string
  lead: string
  sections: ProseSection[]
  updated?: string
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-extrabold tracking-tight text-green-900">{title}</h1>
      {updated && <p className="mt-2 text-sm text-stone-600">{longText('pages.lastUpdated', { date: updated })}</p>}
      <p className="mt-4 text-lg text-stone-700">{lead}</p>
      {sections.map((s) => (
        <section key={s.heading} className="mt-8">
          <h2 className="text-2xl font-bold text-stone-900">{s.heading}</h2>
          <div className="mt-3 space-y-3 text-stone-800">{s.body}</div>
        </section>
      ))}
    </article>
  )
}
