// Owns the fixed header of the public pages: the brand home link, the theme switch, 'Sign In' and 'Sign up' (or
// 'Dashboard' for a signed-in owner, issue 23). It
// slides away past about 100 px of scroll and returns near the top (spec sections 2 and 4). On a phone the theme
// switch, and 'Sign In' where it does not fit beside 'Sign up', move into a menu (issue 23).
import { IconMenu2, IconQrcode } from '@tabler/icons-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { readOwnerMarker } from '../../lib/owner-marker.ts'
import { useHeaderHidden, useHydrated } from './use-public-page.ts'

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
        {/* Plain links: the owner's app loads only when someone signs in or registers. */}
        {signedIn ? (
          <a className="ps-button" href="/dashboard">
            Dashboard
          </a>
        ) : (
          <>
            <a className="ps-button ps-button-subtle ps-header-signin" href="/dashboard">
              Sign In
            </a>
            <a className="ps-button" href="/register">
              Sign up
            </a>
          </>
        )}
        <HeaderMenu closed={hidden} signIn={!signedIn}>
          {themeSwitch}
        </HeaderMenu>
      </div>
    </header>
  )
}

/**
 * From a tablet up its panel is simply part of the header (the toggle is not drawn); on a phone the panel drops down
 * under the toggle. One theme switch either way, so its radios never form two groups.
 */
function HeaderMenu({ closed, signIn, children }: { closed: boolean; signIn: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const hydrated = useHydrated()
  const menu = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const shown = open && !closed
  useEffect(() => {
    if (!shown) return
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false)
    }
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggle.current?.focus()
    }
    document.addEventListener('pointerdown', outside)
    document.addEventListener('keydown', escape)
    return () => {
      document.removeEventListener('pointerdown', outside)
      document.removeEventListener('keydown', escape)
    }
  }, [shown])
  return (
    <div className="ps-menu" ref={menu} data-open={shown ? 'true' : 'false'}>
      <button
        ref={toggle}
        type="button"
        className="ps-menu-toggle"
        aria-label="Menu"
        aria-expanded={shown}
        aria-controls="ps-menu-panel"
        disabled={!hydrated}
        onClick={() => setOpen(!shown)}
      >
        <IconMenu2 size={22} aria-hidden />
      </button>
      <div className="ps-menu-panel" id="ps-menu-panel">
        {signIn && (
          <a className="ps-button ps-button-subtle ps-menu-signin" href="/dashboard">
            Sign In
          </a>
        )}
        {children}
      </div>
    </div>
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
