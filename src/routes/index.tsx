// Route /: the landing page. Visitors get it prerendered (site.html, decision 096); the app renders the same page when
// it is already running (a link home, or a service worker that answers navigations with the app's shell).
import { createFileRoute } from '@tanstack/react-router'
import { ThemeSwitch } from '../features/shell/theme-switch.tsx'
import '../public-site/public-site.css'
import { PublicSiteApp } from '../public-site/public-site-app.tsx'

export const Route = createFileRoute('/')({
  component: () => <PublicSiteApp page="landing" themeSwitch={<ThemeSwitch />} />,
})
