// Owns which origin the owner's QR codes carry: the server's PUBLIC_URL (the one printed on shirts), this page's own
// origin until the runtime config answers or when it cannot be read.
import { useEffect, useState } from 'react'
import { fetchPublicConfig } from '../../api/public-config.ts'

let known: string | undefined

export function usePublicUrl(): string {
  const [publicUrl, setPublicUrl] = useState(known ?? window.location.origin)
  useEffect(() => {
    if (known) return
    const controller = new AbortController()
    fetchPublicConfig(controller.signal).then(
      (config) => {
        if (!config.publicUrl) return
        known = config.publicUrl
        setPublicUrl(config.publicUrl)
      },
      () => {},
    )
    return () => controller.abort()
  }, [])
  return publicUrl
}
