// Route /demo/wishlist: the demo wishlist the landing page links to, the same page the server sends prerendered.
import { createFileRoute } from '@tanstack/react-router'
import { ThemeSwitch } from '../../features/shell/theme-switch.tsx'
import '../../public-site/public-site.css'
import { PublicSiteApp } from '../../public-site/public-site-app.tsx'

export const Route = createFileRoute('/demo/wishlist')({
  component: () => <PublicSiteApp page="demo-wishlist" themeSwitch={<ThemeSwitch />} />,
})
