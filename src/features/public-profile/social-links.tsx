// Owns how a profile's social links render: the 'My social links' list and the row of icon buttons.
import { useId } from 'react'
import { SocialIcon } from '../../ui/social-icon.tsx'
import type { VisitorLink } from './profile-view.ts'

/** Web links open in a new tab without handing it our window; mailto:/tel: go to the device's own app. */
function linkTarget(href: string): { target?: string; rel?: string } {
  return /^https?:/i.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {}
}

export function SocialLinksList({ links }: { links: VisitorLink[] }) {
  const titleId = useId()
  return (
    <section className="qv-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>My social links</h2>
      {links.length === 0 ? (
        <p className="qv-text qv-dim">No social links yet.</p>
      ) : (
        // Link-in-bio buttons: full width, the platform's proper name and icon, at least 48 px tall for a thumb.
        <ul className="qv-list">
          {links.map((link) => (
            <li key={link.key}>
              <a className="qv-btn qv-btn-default qv-link-btn" href={link.href} {...linkTarget(link.href)}>
                <SocialIcon platform={link.platform} size={22} />
                <span>{link.label}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function SocialIconButtons({ links }: { links: VisitorLink[] }) {
  if (links.length === 0) return null
  return (
    <ul className="qv-row qv-list" style={{ flexDirection: 'row' }} aria-label="Social links">
      {links.map((link) => (
        <li key={link.key}>
          <a className="qv-btn qv-btn-light qv-icon-btn" href={link.href} {...linkTarget(link.href)} aria-label={link.label} title={link.label}>
            <SocialIcon platform={link.platform} />
          </a>
        </li>
      ))}
    </ul>
  )
}
