// Owns the page a QR code opens (/profile/{shareableId}): load states, the saved-copy notice, and the profile type.
import { Alert, Container } from '@mantine/core'
import { IconAlertCircle, IconWifiOff } from '@tabler/icons-react'
import type { VisitorProfile } from './load-profile.ts'
import { CustomTextView, RedirectView, SocialLinksView, UnsupportedView } from './other-views.tsx'
import { ProfileSkeleton } from './profile-skeleton.tsx'
import { selectProfileView } from './profile-view.ts'
import { usePublicProfile } from './use-public-profile.ts'
import { WishlistView } from './wishlist-view.tsx'

const SAVED_COPY_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function savedCopyNotice(savedAt: Date): string {
  return `You are offline. Showing a saved copy from ${SAVED_COPY_FORMAT.format(savedAt)}.`
}

export function PublicProfilePage({ shareableId }: { shareableId: string | undefined }) {
  // Keyed by id: opening another profile starts over instead of showing the last one while it loads.
  return (
    // The page's main landmark: the site header sits outside it, and screen readers jump straight here.
    <Container component="main" size="lg" py="xl">
      <LoadedProfile key={shareableId ?? ''} shareableId={shareableId} />
    </Container>
  )
}

function LoadedProfile({ shareableId }: { shareableId: string | undefined }) {
  const { state, reload } = usePublicProfile(shareableId)
  if (state.status === 'loading') return <ProfileSkeleton />
  if (state.status === 'error') {
    return (
      <Alert color="red" title="Error loading profile" icon={<IconAlertCircle aria-hidden />} role="alert">
        {state.reason === 'missing-id'
          ? 'No profile ID provided'
          : 'Failed to load profile data. The profile may not exist or there was a server error.'}
      </Alert>
    )
  }
  return (
    <>
      {state.savedCopyAt && (
        <Alert color="yellow" icon={<IconWifiOff aria-hidden />} mb="lg" role="status">
          {savedCopyNotice(state.savedCopyAt)}
        </Alert>
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
