// Route /help-center: the Help Center, the same page the server sends prerendered (decision 096).
import { createFileRoute } from '@tanstack/react-router'
import { ThemeSwitch } from '../features/shell/theme-switch.tsx'
import '../public-site/public-site.css'
import { PublicSiteApp } from '../public-site/public-site-app.tsx'

export const Route = createFileRoute('/help-center')({
  component: () => <PublicSiteApp page="help-center" themeSwitch={<ThemeSwitch />} />,
})
