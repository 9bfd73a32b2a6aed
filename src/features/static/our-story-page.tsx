import { t } from '@/i18n'
import { ProsePage } from './components/prose-page'

export function OurStoryPage() {
  return (
    <ProsePage
      title={t('ourStory.title')}
      lead="Kreis means circle. We started it because good clothes deserve more than one owner, and because buying second-hand in Switzerland should be as easy as buying new."
      sections={[
        {
          heading: 'Wear stories, not trends',
          body: (
            <p>
              Every pre-loved piece carries a story: the coat that saw a winter in Bern, the dress worn to one wedding
              in Geneva. Kreis brings these clothes back into the circle, from one wardrobe to the next.
            </p>
          ),
        },
        {
          heading: 'Swiss, direct and fair',
          body: (
            <p>
              Kreis is for people in Switzerland. Buyers and sellers talk to each other directly and agree on pickup
              or delivery themselves. We take no commission on sales: sellers keep everything they earn.
            </p>
          ),
        },
        {
          heading: 'Fashion that lasts',
          body: (
            <p>
              The most sustainable garment is the one that already exists. By keeping clothes in use for longer, our
              members save water, energy and money, and find pieces nobody else is wearing.
            </p>
          ),
        },
      ]}
    />
  )
}
