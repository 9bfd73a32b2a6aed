// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import type { ListingRow } from '@/db/rows'
import { getAppSync } from '@/sync/app-sync'
import { initialSyncStatus } from '@/sync/status-store'
import { ShellStateBridge } from '../live/live-services'
import { initialShellLiveState, shellLiveStore } from '../live/shell-state'
import { OfflineNotice, StorageAlert } from './offline-notice'
import { SyncIndicator } from './sync-indicator'
import { useShellSync } from './use-shell-sync'

let db: KreisDatabase
function Shell() {
  const sync = useShellSync()
  return (
    <>
      <ShellStateBridge />
      <SyncIndicator sync={sync} />
      <OfflineNotice sync={sync} />
      <StorageAlert sync={sync} />
    </>
  )
}
const renderShell = () =>
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter>
        <Shell />
      </MemoryRouter>
    </DatabaseProvider>,
  )
const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true })
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}
const status = () => getAppSync().status

beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  status().setState(initialSyncStatus(true), true)
  shellLiveStore.setState(initialShellLiveState(), true)
  setOnline(true)
})
afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  db.close()
  await db.delete()
})

describe('the shell’s sync state', () => {
  it('shows nothing when online with everything sent', () => {
    renderShell()
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByText(/Offline/)).toBeNull()
  })

  it('offline: the "Offline" pill, and how old the device’s data is', async () => {
    status().setState({ lastSyncAt: Date.now() - 5 * 60_000 - 10_000, pendingCount: 2 })
    renderShell()
    act(() => setOnline(false))
    expect(screen.getByText('Offline', { exact: true })).toBeInTheDocument()
    expect(await screen.findByText('Offline. Showing what this device has, updated 5 min ago.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sync status: Offline, 2 to send' })).toBeInTheDocument()
    act(() => setOnline(true))
    expect(screen.queryByText('Offline', { exact: true })).toBeNull()
    expect(screen.queryByText(/Showing what this device has/)).toBeNull()
    expect(screen.getByText('2 to send')).toBeInTheDocument()
  })

  it('lists refused writes by name with Retry and Discard, once per entity', async () => {
    await db.listings.put({ id: 'l1', title: 'Wool coat' } as ListingRow)
    const engine = getAppSync()
    const retry = vi.spyOn(engine, 'retry').mockResolvedValue()
    const discard = vi.spyOn(engine, 'discard').mockResolvedValue()
    status().setState({
      failures: [
        { group: 'listing:l1', message: 'Failed to create listing. Please try again.' },
        { group: 'listing:l1', message: 'Failed to create listing. Please try again.' },
        { group: 'profile:u1', message: 'Something went wrong. Please try again.' },
      ],
    })
    const user = userEvent.setup()
    renderShell()
    await user.click(screen.getByRole('button', { name: 'Sync status: 2 not sent' }))
    const panel = within(await screen.findByRole('dialog', { name: 'Your changes' }))
    expect(await panel.findByText('Listing: Wool coat')).toBeInTheDocument()
    expect(panel.getByText('Your profile')).toBeInTheDocument()
    expect(panel.getAllByRole('listitem')).toHaveLength(2)
    await user.click(panel.getByRole('button', { name: 'Retry: Listing: Wool coat' }))
    expect(retry).toHaveBeenCalledWith('listing:l1')
    await user.click(panel.getByRole('button', { name: 'Discard: Your profile' }))
    expect(discard).toHaveBeenCalledWith('profile:u1')
  })

  it("the panel counts the person's changes and shows the photos as progress", async () => {
    status().setState({ pendingCount: 1, photos: { uploaded: 3, total: 10 } })
    const user = userEvent.setup()
    renderShell()
    await user.click(screen.getByRole('button', { name: 'Sync status: 1 to send' }))
    const panel = within(await screen.findByRole('dialog', { name: 'Your changes' }))
    expect(panel.getByText('1 change is waiting to be sent.', { exact: false })).toBeInTheDocument()
    expect(panel.getByText('3 of 10 photos uploaded.')).toBeInTheDocument()
  })

  it('a full disk is said plainly and stays in view', () => {
    status().setState({ storageProblem: 'quota-exceeded' })
    renderShell()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your device is out of storage space for Kreis. Free some space, then try again.',
    )
    expect(screen.getByRole('button', { name: 'Sync status: Storage problem' })).toBeInTheDocument()
  })
})
