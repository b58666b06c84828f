// Route /profile/edit: the profile settings page; without a loadable profile the owner goes back to /dashboard, and
// after deleting the account the owner is signed out with this device's data and private caches wiped.
import { Container } from '@mantine/core'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import * as v from 'valibot'
import { clearTokens } from '../../../api/tokens.ts'
import { ACCOUNT_MESSAGES } from '../../../contract/account.ts'
import { useLogout } from '../../../features/dashboard/use-logout.ts'
import { DevicesPanel } from '../../../features/account/devices-panel.tsx'
import { SignInSettingsPanel } from '../../../features/account/sign-in-settings-panel.tsx'
import { beginSignInState, takeSettingsReturn } from '../../../features/auth/oauth-callback.ts'
import { googleConnectUrl, googleSignInUrl } from '../../../api/auth.ts'
import { ProfileSettingsPage } from '../../../features/profile-settings/profile-settings-page.tsx'
import { OwnerPageFrame } from '../-components/owner-page-frame.tsx'
import { useOwnerSync } from '../../../features/owner-session/owner-sync.ts'

const ACCOUNT_DELETED = { title: 'Account deleted', message: ACCOUNT_MESSAGES.deleted }

/** 'Connect Google', and a fresh Google sign-in (max_age=0) for a sensitive change: both come back to this page (issue 24). */
const connectGoogle = async () => window.location.assign(await googleConnectUrl(window.location.origin, beginSignInState(undefined, '/profile/edit', true)))
const confirmingWithGoogle = (returnTo: string) => () => window.location.assign(googleSignInUrl(window.location.origin, beginSignInState(undefined, returnTo, true), true))
const confirmWithGoogle = confirmingWithGoogle('/profile/edit')
/** The deletion's confirmation comes back to its dialog, opened again for the owner to confirm (the server now agrees). */
const REOPEN_DELETE = 'delete-account'
const confirmDeletionWithGoogle = confirmingWithGoogle(`/profile/edit?reopen=${REOPEN_DELETE}`)

/** `reopen`: set only by the return from Google; any other value is dropped rather than refused. */
const SettingsSearchSchema = v.object({
  reopen: v.optional(v.pipe(v.unknown(), v.transform((value) => (value === REOPEN_DELETE ? REOPEN_DELETE : undefined)))),
})

export const Route = createFileRoute('/_authed/profile/edit')({
  validateSearch: SettingsSearchSchema,
  component: function ProfileSettingsRoute() {
    const navigate = useNavigate()
    const sync = useOwnerSync()
    const logout = useLogout(ACCOUNT_DELETED)
    // What a Google round trip that left from here came back with (connected, or refused and why).
    const [googleReturn] = useState(takeSettingsReturn)
    // Back from confirming the deletion with Google: its dialog opens again. A refusal is said in the sign-in panel,
    // which the dialog would cover.
    const { reopen } = Route.useSearch()
    const [reopenDelete] = useState(() => reopen === REOPEN_DELETE && googleReturn?.kind !== 'error')
    // Once: a reload or the Back button does not open it again.
    useEffect(() => {
      if (reopen) void navigate({ to: '/profile/edit', search: {}, replace: true })
    }, [reopen, navigate])
    const onAccountDeleted = useCallback(async () => {
      // The server has already revoked the session: forget it first, so the sync engine stops using it.
      clearTokens()
      // As the guarded logout does, with nothing to warn about: the owner chose to lose unsynced changes too.
      await sync.clearLocalDataForLogout().catch(() => undefined)
      await logout()
    }, [sync, logout])
    return (
      <OwnerPageFrame tab="profile">
        <ProfileSettingsPage db={sync.db} onLoadFailed={() => void navigate({ to: '/dashboard', replace: true })} onAccountDeleted={onAccountDeleted} confirmWithGoogle={confirmDeletionWithGoogle} deleteOpenAtStart={reopenDelete} />
        <Container size="sm" pb="lg">
          <SignInSettingsPanel confirmWithGoogle={confirmWithGoogle} connectGoogle={connectGoogle} returned={googleReturn} />
          <DevicesPanel />
        </Container>
      </OwnerPageFrame>
    )
  },
})
