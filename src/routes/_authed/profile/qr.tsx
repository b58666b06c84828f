// Route /profile/qr: an address for the QR dialog, which lives on the dashboard (spec section 2).
import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_authed/profile/qr')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', search: { view: 'profile', modal: 'qr' }, replace: true })
  },
})
