// Route /: the landing page.
import { createFileRoute } from '@tanstack/react-router'
import { LandingPage } from '../features/landing/landing-page.tsx'
import { ThemeSwitch } from '../features/shell/theme-switch.tsx'

export const Route = createFileRoute('/')({
  component: () => <LandingPage headerActions={<ThemeSwitch />} />,
})
