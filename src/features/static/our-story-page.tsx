import { t } from '@/i18n'
import { longText } from '@/i18n/long-texts'
import { ProsePage } from './components/prose-page'

export function OurStoryPage() {
  return (
    <ProsePage
      title={t('ourStory.title')}
      lead={longText('ourStory.lead')}
      sections={[
        { heading: longText('ourStory.storiesTitle'), body: <p>{longText('ourStory.storiesText')}</p> },
        { heading: longText('ourStory.swissTitle'), body: <p>{longText('ourStory.swissText')}</p> },
        { heading: longText('ourStory.lastingTitle'), body: <p>{longText('ourStory.lastingText')}</p> },
      ]}
    />
  )
}
