// Owns turning a locally kept picture (a picked file or an image waiting to upload) into an address an <img> can show.
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import type { OwnerDatabase } from '../../local/db.ts'
import { pendingImageQuery } from '../../local/queries.ts'
import { previewSource } from './product-image.ts'

/** An object URL for the blob, revoked when the blob changes or the component goes, so previews do not leak memory. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!blob) {
      setUrl(null)
      return
    }
    const created = URL.createObjectURL(blob)
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [blob])
  return url
}

type ImageFields = { localImageId: string | null; imageUrl: string | null }

/** The picture to show for an item (or a form): picked file, then pending upload, then the stored address. */
export function useImagePreview(db: OwnerDatabase, item: ImageFields | undefined, pickedBlob: Blob | null = null): string | null {
  const localImageId = item?.localImageId ?? null
  const pendingBlob = useLiveQuery(() => (localImageId ? pendingImageQuery(db, localImageId) : undefined), [db, localImageId])
  const source = previewSource({ pickedBlob, pendingBlob, imageUrl: item?.imageUrl ?? null })
  const objectUrl = useObjectUrl(source?.kind === 'blob' ? source.blob : null)
  if (source?.kind === 'url') return source.url
  return objectUrl
}
