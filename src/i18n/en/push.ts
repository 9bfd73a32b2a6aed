// Web Push: the notification of a new message (the server words it in the receiver's language with the same words,
// supabase/functions/_shared/push/push-texts.ts; public/sw-push.js holds the English ones), the prompt after a first
// message or listing, and the /profile switch.
import { PRODUCT_NAME } from './product'

export const push = {
  'push.notificationTitle': 'New message from {name}',
  'push.notificationTitleNoName': 'New message',
  'push.notificationBody': '{title}: {text}',
  'push.promptTitle': 'Know when someone answers',
  'push.promptText': `${PRODUCT_NAME} can tell you about new messages, even when the app is closed. Your browser will ask you to allow notifications.`,
  'push.promptAccept': 'Turn on notifications',
  'push.promptDismiss': 'Not now',
  'push.installFirstTitle': 'Notifications need the app on your Home Screen',
  'push.installFirstText': `On iPhone and iPad, ${PRODUCT_NAME} can notify you only once it is installed: tap Share, then “Add to Home Screen”, and open it from there.`,
  'push.toggleLabel': 'Notifications',
  'push.toggleOn': 'On',
  'push.toggleOff': 'Off',
  'push.toggleHelp': 'New messages, even when the app is closed.',
  'push.denied': 'Notifications are blocked for this site. Allow them in your browser’s settings to turn them on.',
  'push.unsupported': 'This browser cannot show notifications from websites.',
  'push.failed': 'Notifications could not be turned on. Please try again.',
}
