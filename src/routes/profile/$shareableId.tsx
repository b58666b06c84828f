// Route /profile/{shareableId}: the public profile a QR code opens.
import { createFileRoute } from '@tanstack/react-router'
import { PublicProfilePage } from '../../features/public-profile/public-profile-page.tsx'
import { SiteHeader } from '../../features/shell/site-header.tsx'

export const Route = createFileRoute('/profile/$shareableId')({
  component: function PublicProfileRoute() {
    const { shareableId } = Route.useParams()
    return (
      <>
        <SiteHeader />
        <PublicProfilePage shareableId={shareableId} />
      </>
    )
  },
})
