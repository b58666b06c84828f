// Route /: the landing page, with the QR feature's live demo card beside the hero.
import { createFileRoute } from '@tanstack/react-router'
import { DEFAULT_DEMO_USERNAME, LandingPage } from '../features/landing/landing-page.tsx'
import { DemoQrCard } from '../features/qr/demo-qr-card.tsx'
import { ThemeSwitch } from '../features/shell/theme-switch.tsx'

export const Route = createFileRoute('/')({
  component: () => (
    <LandingPage headerActions={<ThemeSwitch />} heroAside={<DemoQrCard demoUsername={DEFAULT_DEMO_USERNAME} />} />
  ),
})
