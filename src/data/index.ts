/**
 * The front door to the data layer (docs/architecture.md §2): all that features and the app use of the device's
 * database, the sync engine and the online-only services. Screens read through the hooks and repositories below,
 * write through the local writes (each one Dexie transaction, docs/architecture.md §1 rule 2) and never reach into
 * src/db, src/sync or src/remote themselves; the lint zones of eslint.config.js hold them to it.
 *
 * This file only hands names on: the build treats it as free of side effects (vite.config.ts), so a screen that
 * takes one name brings that name's module and not every module behind the door.
 */

// The device's database and who is signed in.
export { DatabaseProvider, useDatabase } from '@/db/database-context'
export { getDatabase, type FollowedTable, type KreisDatabase } from '@/db/database'
export { initSession, signOutUser, useSession, type SignOutResult } from '@/sync/signed-in-user'
export { useUserId } from './use-user-id'
export type {
  ConversationRow,
  ListingImageRow,
  ListingRow,
  MessageRow,
  MyProfileRow,
  OutboxGroup,
  SyncState,
} from '@/db/rows'

// Reads: repositories over the mirror, for live queries.
export {
  favouriteIdSet,
  favouriteListings,
  feedCount,
  feedPage,
  hasActiveListings,
  listingImages,
  ownListings,
  type FavouriteListing,
} from '@/db/repositories/feed'
export {
  conversationFor,
  inboxEntries,
  lastReadAt,
  latestPerConversation,
  threadData,
  unreadTotal,
  type InboxEntry,
  type ThreadData,
} from '@/db/repositories/inbox'
export { ownListing, type OwnListing } from '@/db/repositories/own-listing'
export { serverPageView, type ServerPageView } from '@/db/repositories/server-pages'
export { noteListingOpened } from '@/db/repositories/window'
export { dismissListingNotice, listingNotices } from '@/db/repositories/listing-notices'
export { useCardImageSrc } from '@/db/image-url'
export { usePaintedFirstPhotos, usePaintedPhotoOf } from './first-photos'

// The sell flow's drafts and the photos' originals, on the device only until published.
export {
  appendSellDraftPhotos,
  currentSellDraft,
  deleteDraft,
  editDraftId,
  orderSellDraftPhotos,
  resumeDraft,
  sellDraft,
  startEditDraft,
  startNewDraft,
  unfinishedDrafts,
  updateDraftFields,
  type SellDraft,
  type SellDraftPhoto,
  type UnfinishedDraft,
} from '@/db/repositories/drafts'
export { dropOriginal, keepOriginals, originalsOf, type PhotoOriginal } from '@/db/repositories/photo-originals'

// Writes: local first, then the engine sends them (the write context pokes it).
export { useWriteContext, type WriteContext } from './write-context'
export { useFavouriteToggle } from './use-favourite-toggle'
export { deleteListing } from '@/sync/kinds/listing-delete'
export { markConversationRead } from '@/sync/kinds/conversation-read'
export { saveListing, setListingStatus, type ImageInput } from '@/sync/kinds/listing-save'
export { sendMessage } from '@/sync/kinds/message-send'
export { setMyLanguage, updateMyProfile } from '@/sync/kinds/profile-update'
export { ProfileLanguage } from './profile-language'
export { retryFailed } from '@/sync/outbox'

// The sync engine as the screens see it: status, failures, server pages, new listings.
export {
  adoptFirstScreen,
  firstScreenPending,
  getAppSync,
  requestListing,
  requestServerPage,
  startAppSync,
  useSyncStatus,
} from '@/sync/app-sync'
export type { SyncStatus } from '@/sync/status-store'
export { useServerReachable } from './use-server-reachable'
export type { ServerPageOutcome } from '@/sync/server-search'
export { renderSyncFailure, syncFailureOf } from '@/sync/failure-messages'
export { clearNewListings, useNewListingsCount } from '@/sync/new-listings'
export { keepPushSubscriptionCurrent } from '@/sync/push-notifications/device-subscription'
export { usePushNotifications } from '@/sync/push-notifications/use-push-notifications'

// Online-only services: nothing is queued, the answer comes back to the screen.
export {
  recoveryState,
  sendPasswordReset,
  setNewPassword,
  signInWithPassword,
  signUpWithPassword,
  type AuthOutcome,
  type RecoveryState,
} from './auth-actions'
export {
  cachedPayments,
  cancelSubscription,
  confirmPayment,
  myPlanProfile,
  refreshPlan,
  startPayment,
  type CachedPayments,
  type CallOutcome,
} from './payments'
export { startTrial } from './trial-signup'
