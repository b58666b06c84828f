// Route /profile/{shareableId} inside the app (an owner following their own link): the same visitor page as the
// server-rendered one (src/visitor.tsx), under the app's header.
import '../../features/public-profile/public-profile.css'
import { createFileRoute } from '@tanstack/react-router'
import { SecurePageContext } from '../../features/public-profile/page-context.ts'
import { PublicProfilePage } from '../../features/public-profile/public-profile-page.tsx'
import { SiteHeader } from '../../features/shell/site-header.tsx'

export const Route = createFileRoute('/profile/$shareableId')({
  component: function PublicProfileRoute() {
    const { shareableId } = Route.useParams()
    return (
      <SecurePageContext.Provider value={window.location.protocol === 'https:'}>
        <SiteHeader />
        <PublicProfilePage shareableId={shareableId} embedded={null} />
      </SecurePageContext.Provider>
    )
  },
})
