// The item page beyond the keys shop.ts already holds (item.notFound, item.noImage, …), and the installable,
// updatable app (PWA prompts). Spec §2.11; issue 11 items 3 and 7.
import { PRODUCT_NAME } from './product'

export const itemArea = {
  'item.loading': 'Loading item',
  'item.gallery': 'Photos of {title}',
  'item.galleryHint': 'Use the left and right arrow keys to browse the photos.',
  'item.imageAlt': '{title}, photo {index} of {total}',
  'item.sold': 'Sold',
  'item.soldOwnerNote': 'This item is sold. Only you can still see it.',
  'item.sizeChip': 'Size {size}',
  'item.location': 'Location',
  'item.seller': 'Seller',
  'item.editListing': 'Edit listing',
  'item.offlineNotSaved': 'You are offline, and this item is not saved on this device yet.',
  'item.browseShop': 'Browse the shop',
  'item.pending': 'Waiting for network',
  'pwa.updateAvailable': `A new version of ${PRODUCT_NAME} is available`,
  'pwa.reload': 'Reload',
  'pwa.updating': 'Reloading...',
  'pwa.dismiss': 'Not now',
  'pwa.installTitle': `Install ${PRODUCT_NAME}`,
  'pwa.installText': 'Open it from your home screen, even offline.',
  'pwa.install': 'Install',
  'pwa.iosHint': 'Tap the Share button, then "Add to Home Screen".',
  'pwa.iosHintTitle': `Add ${PRODUCT_NAME} to your Home Screen`,
} as const
