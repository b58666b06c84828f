// Owns the top of a visitor's page: the owner's photo, name, description (clamped, with 'More'), for wishlists the
// gift stats, and 'Share'.
import { Fragment } from 'react'
import { ExpandableText } from './expandable-text.tsx'
import type { VisitorProfile } from './load-profile.ts'
import { ShareButton } from './share-button.tsx'
import { useSecurePage } from './page-context.ts'
import { imageSrc } from './profile-view.ts'

export type WishlistStats = { items: number; purchased: number }

export function ProfileHeader({ profile, stats }: { profile: VisitorProfile; stats?: WishlistStats }) {
  const photo = imageSrc(profile.profileImageUrl, useSecurePage())
  return (
    <div className="qv-head">
      {photo ? (
        <img className="qv-avatar" src={photo} alt={profile.username} width={96} height={96} />
      ) : (
        <span className="qv-avatar" aria-hidden>
          {profile.username.slice(0, 2).toUpperCase()}
        </span>
      )}
      <h1 className={headingSizeClass(profile.username)}>{breakableName(profile.username)}</h1>
      {profile.description.trim() !== '' && (
        <ExpandableText text={profile.description} className="qv-description qv-dim" maxChars={160} maxBreaks={2} />
      )}
      <div className="qv-row">
        {stats && (
          <>
            <span className="qv-badge qv-badge-lg">
              {stats.items} {stats.items === 1 ? 'item' : 'items'}
            </span>
            <span className="qv-badge qv-badge-lg qv-badge-green">{stats.purchased} purchased</span>
          </>
        )}
        <ShareButton title={profile.username} />
      </div>
    </div>
  )
}

/** A long username gets a smaller heading, so up to 40 characters fit in two or three whole lines on a phone. */
export function headingSizeClass(username: string): string | undefined {
  if (username.length > 24) return 'qv-h1-longer'
  if (username.length > 14) return 'qv-h1-long'
  return undefined
}

/** Break opportunities after '.', '-' and '_', so a long username wraps between its parts, not mid-word. */
export function breakableName(username: string) {
  const parts = username.split(/(?<=[._-])/)
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ))
}
