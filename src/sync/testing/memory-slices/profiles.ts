/** The memory model's profiles slice (the same operations as src/remote/transport/profiles.ts). */
import type { ProfilesSlice } from '../../protocol'
import * as screenOps from '../memory-screen-ops'
import type { MemoryContext } from './context'

export const memoryProfiles = ({ server, userId, write, read }: MemoryContext): ProfilesSlice => ({
  updateProfile(p) {
    const copy = structuredClone(p)
    return write('updateProfile', [`profile:${copy.id}`], () => server.updateProfile(userId, copy))
  },
  setProfilePicture(profileId, url, editedAt) {
    return write('setProfilePicture', [`profile:${profileId}`], () =>
      screenOps.setProfilePicture(server, userId, profileId, url, editedAt),
    )
  },
  fetchMyProfile() {
    return read(() => structuredClone(server.profiles.get(userId) ?? null))
  },
})
