// Bootstrap of the public pages, loaded by src/public-site/public-site.ts once the page has loaded: hydrates the
// prerendered HTML and applies the stored theme. No router, Mantine, Dexie or sync, and no service worker: its install
// would precache the whole owner app, which loads only when someone signs in or registers (decision 096).
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { applyStoredTheme, watchTheme } from '../features/landing/theme-switch.tsx'
import { PUBLIC_PAGES, type PublicPage, PublicSiteApp } from './public-site-app.tsx'

applyStoredTheme()
watchTheme()

const root = document.getElementById('root')
if (!root) throw new Error('site.html has no #root element')
const named = root.dataset.page
const page: PublicPage = PUBLIC_PAGES.find((candidate) => candidate === named) ?? 'landing'
// A transition yields to the browser every few milliseconds, so hydration never holds a phone's main thread long.
startTransition(() => {
  hydrateRoot(
    root,
    <StrictMode>
      <PublicSiteApp page={page} />
    </StrictMode>,
  )
})
