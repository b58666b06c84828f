// Owns the page a QR code opens (/profile/{shareableId}): load states, the saved-copy notice, and the profile type.
import { IconAlertCircle, IconWifiOff } from '@tabler/icons-react'
import type { VisitorProfile } from './load-profile.ts'
import { CustomTextView, RedirectView, SocialLinksView, UnsupportedView } from './other-views.tsx'
import { ProfileSkeleton } from './profile-skeleton.tsx'
import { selectProfileView } from './profile-view.ts'
import { Toaster } from './toasts.tsx'
import { usePublicProfile } from './use-public-profile.ts'
import { WishlistView } from './wishlist-view.tsx'

const SAVED_COPY_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function savedCopyNotice(savedAt: Date): string {
  return `You are offline. Showing a saved copy from ${SAVED_COPY_FORMAT.format(savedAt)}.`
}

export type PublicProfilePageProps = {
  shareableId: string | undefined
  /** The copy the server rendered the page from (or null): shown at once, then refreshed. */
  embedded: VisitorProfile | null
}

export function PublicProfilePage({ shareableId, embedded }: PublicProfilePageProps) {
  return (
    // The page's main landmark: the site header sits outside it, and screen readers jump straight here.
    <main className="qv-main">
      {/* Keyed by id: opening another profile starts over instead of showing the last one while it loads. */}
      <LoadedProfile key={shareableId ?? ''} shareableId={shareableId} embedded={embedded} />
      <Toaster />
    </main>
  )
}

function LoadedProfile({ shareableId, embedded }: PublicProfilePageProps) {
  const { state, reload } = usePublicProfile(shareableId, embedded)
  if (state.status === 'loading') return <ProfileSkeleton />
  if (state.status === 'error') {
    return (
      <div className="qv-alert" role="alert">
        <IconAlertCircle size={20} aria-hidden />
        <div>
          <p className="qv-alert-title">Error loading profile</p>
          <p>
            {state.reason === 'missing-id'
              ? 'No profile ID provided'
              : 'Failed to load profile data. The profile may not exist or there was a server error.'}
          </p>
        </div>
      </div>
    )
  }
  return (
    <>
      {state.savedCopyAt && (
        <div className="qv-alert qv-alert-warn" role="status">
          <IconWifiOff size={20} aria-hidden />
          <p>{savedCopyNotice(state.savedCopyAt)}</p>
        </div>
      )}
      <ProfileBody profile={state.profile} onOutdated={reload} />
    </>
  )
}

function ProfileBody({ profile, onOutdated }: { profile: VisitorProfile; onOutdated: () => void }) {
  const view = selectProfileView(profile)
  switch (view.kind) {
    case 'wishlist':
      return <WishlistView profile={profile} onOutdated={onOutdated} />
    case 'custom-text':
      return <CustomTextView profile={profile} text={view.text} links={view.links} />
    case 'social-links':
      return <SocialLinksView profile={profile} links={view.links} />
    case 'redirect':
      return <RedirectView url={view.url} />
    case 'unsupported':
      return <UnsupportedView />
  }
}
