// Owns the fixed header of the public pages: the brand home link, the theme switch, 'Sign In' and 'Sign up'. It
// slides away past about 100 px of scroll and returns near the top (spec sections 2 and 4).
import { IconQrcode } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useHeaderHidden } from './use-public-page.ts'

export function PublicHeader({ themeSwitch }: { themeSwitch?: ReactNode }) {
  const hidden = useHeaderHidden()
  return (
    <header className={hidden ? 'ps-header ps-header-hidden' : 'ps-header'} data-hidden={hidden ? 'true' : 'false'}>
      <a className="ps-brand" href="/">
        <IconQrcode size={24} aria-hidden />
        QR Tee
      </a>
      <div className="ps-header-actions">
        {themeSwitch}
        {/* Plain links: the owner's app loads only when someone signs in or registers. */}
        <a className="ps-button ps-button-subtle" href="/dashboard">
          Sign In
        </a>
        <a className="ps-button" href="/register">
          Sign up
        </a>
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
