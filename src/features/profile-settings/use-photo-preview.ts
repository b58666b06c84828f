// Owns the profile photo's address: a photo picked offline (still a local Blob) first, else the stored address.
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { LocalProfile, OwnerDatabase } from '../../local/db.ts'
import { pendingImageQuery } from '../../local/queries.ts'

export function usePhotoPreview(db: OwnerDatabase, profile: Pick<LocalProfile, 'localImageId' | 'profileImageUrl'>): string | null {
  const localImageId = profile.localImageId
  const pendingBlob = useLiveQuery(() => (localImageId ? pendingImageQuery(db, localImageId) : undefined), [db, localImageId])
  const [objectUrl, setObjectUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!pendingBlob) {
      setObjectUrl(null)
      return
    }
    const created = URL.createObjectURL(pendingBlob)
    setObjectUrl(created)
    // Revoked when the photo changes or the page goes, so previews do not hold memory.
    return () => URL.revokeObjectURL(created)
  }, [pendingBlob])
  return objectUrl ?? profile.profileImageUrl
}
