// Owns the hero's desktop-only 'Try me: scan live demo' card: a QR code of the demo user's profile /profile/{username}.
// The code is drawn in the browser after load (qrcode is loaded on demand), and only where the card is visible.
import { useEffect, useState } from 'react'
import { profileAddress } from '../../lib/profile-address.ts'

/** Spec section 9: size 150, padding 20, margin 20 (the card's padding and margin are in the stylesheet). */
const DEMO_QR_SIZE = 150
/** The card's white padding is quiet zone enough; one module inside the image. */
const DEMO_QR_MARGIN_MODULES = 1
const DESKTOP_QUERY = '(min-width: 62em)'

/** The same address builder as the owner's QR dialog and the print file (src/lib/profile-address.ts). */
function demoProfileUrl(publicUrl: string, demoUsername: string): string {
  return profileAddress(publicUrl, demoUsername)
}

export function DemoQrCard({ demoUsername, publicUrl }: { demoUsername: string; publicUrl?: string | undefined }) {
  const [image, setImage] = useState<{ src: string; url: string } | null>(null)
  useEffect(() => {
    // A phone is the scanner, not the screen: below the desktop width the card is hidden and nothing is drawn.
    if (!window.matchMedia(DESKTOP_QUERY).matches) return
    let live = true
    const url = demoProfileUrl(publicUrl ?? window.location.origin, demoUsername)
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(url, { width: DEMO_QR_SIZE, margin: DEMO_QR_MARGIN_MODULES, errorCorrectionLevel: 'M' }).then((src) => {
        if (live) setImage({ src, url })
      }),
    )
    return () => {
      live = false
    }
  }, [demoUsername, publicUrl])
  return (
    <aside className="ps-demo-card" aria-label="Live demo">
      <p className="ps-demo-title">Try me: scan live demo</p>
      {image ? (
        <img src={image.src} alt={`QR code for the live demo profile ${image.url}`} width={DEMO_QR_SIZE} height={DEMO_QR_SIZE} />
      ) : (
        <div className="ps-demo-placeholder" style={{ width: DEMO_QR_SIZE, height: DEMO_QR_SIZE }} />
      )}
    </aside>
  )
}
