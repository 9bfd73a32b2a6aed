import { t } from '@/i18n'
import { ProsePage } from './components/prose-page'

export function OurStoryPage() {
  return (
    <ProsePage
      title={t('ourStory.title')}
      lead={t('ourStory.lead')}
      sections={[
        { heading: t('ourStory.storiesTitle'), body: <p>{t('ourStory.storiesText')}</p> },
        { heading: t('ourStory.swissTitle'), body: <p>{t('ourStory.swissText')}</p> },
        { heading: t('ourStory.lastingTitle'), body: <p>{t('ourStory.lastingText')}</p> },
      ]}
    />
  )
}
