/** What a signed-in user's notifications need while the app runs: the offer after a first write, the app badge. */
import PushPrompt from './push-prompt'
import { useAppBadge } from './badge'

export default function PushServices() {
  useAppBadge()
  return <PushPrompt />
}
