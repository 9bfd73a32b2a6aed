import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { isOwner, itemScreen } from '@/domain/item-page'
import { t } from '@/i18n'
import { usePaintedPhotoOf, useUserId } from '@/data'
import { ListingNotices } from '@/shared/listing-notices'
import { ItemActions } from './components/item-actions'
import { ItemDescription, ItemDetails, SellerCard } from './components/item-details'
import { ItemGallery } from './components/item-gallery'
import { GALLERY_BOX, PAGE_GRID, PAGE_WRAP } from './components/item-layout'
import { ItemGone, ItemNotFound } from './components/item-states'
import { useNoteOpened } from './hooks/use-note-opened'
import { ItemSummary } from './components/item-summary'
import { useItem, type ItemData } from './hooks/use-item'
import { ItemSkeleton } from './item-skeleton'

/** /item/:id (docs/product.md §2.11), from the device's mirror: online and offline alike. */
export function ItemPage() {
  const { id = '' } = useParams()
  const { data, request, online } = useItem(id)
  const viewerId = useUserId()
  const shownBefore = useShownBefore(id, !!data)
  useNoteOpened(id, !!data)
  const screen = itemScreen({
    row: data === undefined ? undefined : (data?.listing ?? null),
    request,
    online,
    viewerId,
    shownBefore,
  })
  useDocumentTitle(
    screen === 'item' && data
      ? data.listing.title
      : screen === 'not-found'
        ? t('item.notFound')
        : screen === 'gone'
          ? t('item.soldTitle')
          : null,
  )

  if (screen === 'skeleton') return <ItemSkeleton />
  // The seller's own notice about this listing (docs/product.md#R-listing-notices), above whatever the page shows.
  const notice = viewerId ? (
    <ListingNotices userId={viewerId} listingId={id} className="mx-auto w-full max-w-6xl px-4 pt-4" />
  ) : null
  return (
    <>
      {notice}
      {screen === 'gone' ? (
        <ItemGone />
      ) : screen === 'not-found' || !data ? (
        <ItemNotFound offline={!online && data === null} />
      ) : (
        <ItemView data={data} owner={isOwner(data.listing, viewerId)} />
      )}
    </>
  )
}

function ItemView({ data, owner }: { data: ItemData; owner: boolean }) {
  const { listing, images } = data
  // Each photo resolves itself (the gallery's GalleryPhoto: device copy, else bucket URL + card srcset).
  const sources = images.map((img) => img.image_url)
  // A cold visit's first photo, painted from index.html: it stays behind the gallery's own until that has painted.
  const backdrop = usePaintedPhotoOf(listing.id)
  return (
    <article className={PAGE_WRAP}>
      <div className={PAGE_GRID}>
        <ItemGallery
          key={listing.id}
          title={listing.title}
          sources={sources}
          className={GALLERY_BOX}
          backdrop={backdrop}
        />
        <div className="flex flex-col gap-6 px-4 pt-4 md:px-0 md:pt-0">
          <ItemSummary listing={listing} owner={owner} />
          <ItemActions listing={listing} owner={owner} />
          <ItemDetails listing={listing} />
          <ItemDescription listing={listing} />
          <SellerCard listing={listing} />
        </div>
      </div>
    </article>
  )
}

/** Whether this page showed the listing `id` (it may leave the device while the page stays open). */
function useShownBefore(id: string, shown: boolean): boolean {
  const [seen, setSeen] = useState<string | null>(null)
  if (shown && seen !== id) setSeen(id)
  return seen === id
}

/**
 * The listing's title in the tab, over the route's generic one (the layout's head, set before this effect runs; the
 * next route sets its own, so nothing is restored when the page goes).
 */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = `${title} · ${t('app.name')}`
  }, [title])
}
