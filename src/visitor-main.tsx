// The visitor's page as React runs it, loaded by src/visitor.ts on the first Purchase tap (or at once for a page the
// server did not render): hydrates the server's HTML of /profile/{id}, or renders it from the API when the service
// worker served the empty shell. No router, Mantine or Dexie.
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { readEmbeddedProfile } from './features/public-profile/load-profile.ts'
import { profileIdOfPage } from './features/public-profile/page-address.ts'
import { VisitorApp } from './features/public-profile/visitor-app.tsx'

export function mountVisitorApp(root: HTMLElement): void {
  const shareableId = profileIdOfPage(window.location.pathname)
  const embedded = shareableId ? readEmbeddedProfile(shareableId) : null
  const app = (
    <StrictMode>
      <VisitorApp shareableId={shareableId} embedded={embedded} secure={window.location.protocol === 'https:'} />
    </StrictMode>
  )
  // The server's HTML is only hydrated together with the copy it was rendered from; anything else renders afresh.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding a slow phone's main
  // thread for one long task; the page is already on screen meanwhile.
  if (embedded && root.firstElementChild) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
}
