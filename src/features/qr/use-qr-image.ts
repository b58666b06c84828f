// Owns rendering a QR code for React: the PNG data URL of a text, regenerated only when the text or size changes.
import { useEffect, useState } from 'react'
import { qrPngDataUrl } from './qr-code.ts'

/** The data URL, or null while it renders (or if rendering failed: the link is shown beside the code anyway). */
export function useQrImage(text: string | null, width: number, margin?: number): string | null {
  const [image, setImage] = useState<{ key: string; src: string } | null>(null)
  const key = `${text}|${width}|${margin}`
  useEffect(() => {
    if (text === null) return
    let current = true
    qrPngDataUrl(text, width, margin).then(
      (src) => current && setImage({ key, src }),
      () => current && setImage(null),
    )
    return () => {
      current = false
    }
  }, [key, text, width, margin])
  return image?.key === key ? image.src : null
}
