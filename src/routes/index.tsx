// Route /: the landing page, with the QR feature's live demo card beside the hero.
import { createFileRoute } from '@tanstack/react-router'
import { LandingPage } from '../features/landing/landing-page.tsx'
import { useDemoUsername } from '../features/landing/use-demo-username.ts'
import { DemoQrCard } from '../features/qr/demo-qr-card.tsx'
import { ThemeSwitch } from '../features/shell/theme-switch.tsx'

export const Route = createFileRoute('/')({
  component: function LandingRoute() {
    const demoUsername = useDemoUsername()
    return <LandingPage headerActions={<ThemeSwitch />} heroAside={<DemoQrCard demoUsername={demoUsername} />} />
  },
})
