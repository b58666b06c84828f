// Owns the fixed header of the public pages: the brand home link, the theme switch, 'Sign In' and 'Sign up' (or
// 'Dashboard' for a signed-in owner, issue 23). It
// slides away past about 100 px of scroll and returns near the top (spec sections 2 and 4).
import { IconQrcode } from '@tabler/icons-react'
import { type ReactNode, useEffect, useState } from 'react'
import { readOwnerMarker } from '../../lib/owner-marker.ts'
import { useHeaderHidden } from './use-public-page.ts'

/**
 * Whether this browser holds a signed-in owner (the owner marker cookie, decision 105). Read after hydration: the
 * prerendered page is the same for everyone, so 'Sign In / Sign up' turns into 'Dashboard' only once it runs.
 */
function useSignedInOwner(): boolean {
  const [signedIn, setSignedIn] = useState(false)
  useEffect(() => setSignedIn(readOwnerMarker(document.cookie) !== undefined), [])
  return signedIn
}

export function PublicHeader({ themeSwitch }: { themeSwitch?: ReactNode }) {
  const hidden = useHeaderHidden()
  const signedIn = useSignedInOwner()
  return (
    <header className={hidden ? 'ps-header ps-header-hidden' : 'ps-header'} data-hidden={hidden ? 'true' : 'false'}>
      <a className="ps-brand" href="/">
        <IconQrcode size={24} aria-hidden />
        QR Tee
      </a>
      <div className="ps-header-actions">
        {themeSwitch}
        {/* Plain links: the owner's app loads only when someone signs in or registers. */}
        {signedIn ? (
          <a className="ps-button" href="/dashboard">
            Dashboard
          </a>
        ) : (
          <>
            <a className="ps-button ps-button-subtle" href="/dashboard">
              Sign In
            </a>
            <a className="ps-button" href="/register">
              Sign up
            </a>
          </>
        )}
      </div>
    </header>
  )
}

export function PublicFooter() {
  return (
    <footer className="ps-footer">
      <nav aria-label="Footer" className="ps-footer-links">
        <a href="/">Home</a>
        <a href="/help-center">Help Center</a>
        <a href="/demo/wishlist">Demo wishlist</a>
      </nav>
      <p>© {new Date().getFullYear()} QR Tee. All rights reserved.</p>
    </footer>
  )
}
