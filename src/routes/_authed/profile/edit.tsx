// Route /profile/edit: the profile settings page; without a loadable profile the owner goes back to /dashboard.
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { ProfileSettingsPage } from '../../../features/profile-settings/profile-settings-page.tsx'
import { OwnerPageFrame } from '../-components/owner-page-frame.tsx'
import { useOwnerSync } from '../-components/owner-sync.ts'

export const Route = createFileRoute('/_authed/profile/edit')({
  component: function ProfileSettingsRoute() {
    const navigate = useNavigate()
    const { db } = useOwnerSync()
    return (
      <OwnerPageFrame>
        <ProfileSettingsPage db={db} onLoadFailed={() => void navigate({ to: '/dashboard', replace: true })} />
      </OwnerPageFrame>
    )
  },
})
