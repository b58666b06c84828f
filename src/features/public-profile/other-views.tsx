// Owns the non-wishlist profile types as a visitor sees them: custom text, social links, redirect, unsupported.
import { useEffect } from 'react'
import type { VisitorProfile } from './load-profile.ts'
import { ProfileHeader } from './profile-header.tsx'
import type { VisitorLink } from './profile-view.ts'
import { SocialIconButtons, SocialLinksList } from './social-links.tsx'

export function CustomTextView({ profile, text, links }: { profile: VisitorProfile; text: string | null; links: VisitorLink[] }) {
  return (
    <div className="qv-stack">
      <ProfileHeader profile={profile} />
      <div className="qv-panel">
        {/* React text with pre-wrap keeps the owner's line breaks and never parses their text as HTML. */}
        <p className={text === null ? 'qv-text qv-dim' : 'qv-text'}>{text ?? 'No custom text is configured for this profile.'}</p>
      </div>
      <SocialIconButtons links={links} />
    </div>
  )
}

export function SocialLinksView({ profile, links }: { profile: VisitorProfile; links: VisitorLink[] }) {
  return (
    <div className="qv-stack">
      <ProfileHeader profile={profile} />
      <SocialLinksList links={links} />
    </div>
  )
}

/** Sends the browser on at once; replace() keeps this page out of history, so Back does not bounce the visitor. */
export function RedirectView({ url }: { url: string | null }) {
  useEffect(() => {
    if (url) window.location.replace(url)
  }, [url])
  // Nothing else is on the page, so the sentence is its heading.
  if (!url) return <h1 className="qv-empty qv-dim">No redirect URL is configured for this profile.</h1>
  return (
    <div className="qv-center" role="status">
      <span className="qv-spinner qv-spinner-lg" aria-hidden />
      Redirecting...
    </div>
  )
}

export function UnsupportedView() {
  return <h1 className="qv-empty qv-dim">Unsupported profile type</h1>
}
