// Pathless layout of the protected routes: no session -> /login with the requested location to come back to;
// with one, the owner's sync client starts (and learns of a new sign-in) before any protected page renders.
import { createFileRoute, redirect } from '@tanstack/react-router'
import { ensureSession } from '../features/auth/session.ts'
import { AuthedLayout } from './_authed/-components/authed-layout.tsx'

export const Route = createFileRoute('/_authed')({
  // Runs before any child renders, so nothing protected is shown while a refresh is in flight.
  beforeLoad: async ({ location }) => {
    if (!(await ensureSession())) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true })
    // Loaded on demand: Dexie and the sync engine stay out of the public pages' JavaScript.
    const { startOwnerSync } = await import('./_authed/-components/owner-sync.ts')
    await startOwnerSync()
  },
  component: AuthedLayout,
})
