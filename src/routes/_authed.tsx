// Pathless layout of the protected routes: no session -> /login with the requested location to come back to.
import { createFileRoute, redirect } from '@tanstack/react-router'
import { ensureSession } from '../features/auth/session.ts'

export const Route = createFileRoute('/_authed')({
  // Runs before any child renders, so nothing protected is shown while a refresh is in flight.
  beforeLoad: async ({ location }) => {
    if (!(await ensureSession())) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true })
  },
})
