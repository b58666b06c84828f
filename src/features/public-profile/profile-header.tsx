// Owns the top of a visitor's page: the owner's photo, name, description and, for wishlists, the gift stats.
import type { VisitorProfile } from './load-profile.ts'
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
      <h1>{profile.username}</h1>
      {profile.description.trim() !== '' && <p className="qv-description qv-dim">{profile.description}</p>}
      {stats && (
        <div className="qv-row">
          <span className="qv-badge qv-badge-lg">
            {stats.items} {stats.items === 1 ? 'item' : 'items'}
          </span>
          <span className="qv-badge qv-badge-lg qv-badge-green">{stats.purchased} purchased</span>
        </div>
      )}
    </div>
  )
}
