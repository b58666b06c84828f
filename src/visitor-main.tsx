// Bootstrap of the visitor's document, loaded by src/visitor.ts: hydrates the server's HTML of /profile/{id}, or renders
// it from the API when the service worker served the empty shell, then registers the worker. No router, Mantine or Dexie.
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { apiPaths, publicProfileIdFromPagePath } from './contract/api-paths.ts'
import { ROOT_ELEMENT_ID } from './contract/names.ts'
import { readEmbeddedProfile } from './features/public-profile/load-profile.ts'
import { showToast } from './features/public-profile/toasts.tsx'
import { VisitorApp } from './features/public-profile/visitor-app.tsx'
import { startScanReports } from './features/public-profile/scan-beacon.ts'
import { applyStoredTheme, watchTheme } from './features/public-profile/visitor-theme.ts'
import { registerServiceWorker } from './features/shell/service-worker.ts'

applyStoredTheme()
watchTheme()
// Reports queued by an earlier offline opening go out now, or when the browser is back online.
startScanReports()

const pathId = publicProfileIdFromPagePath(window.location.pathname)
const shareableId = pathId === null ? undefined : safeDecode(pathId)

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    // A malformed escape is no profile address; the lookup then answers 'Error loading profile'.
    return segment
  }
}
const embedded = shareableId ? readEmbeddedProfile(shareableId) : null
const app = (
  <StrictMode>
    <VisitorApp shareableId={shareableId} embedded={embedded} secure={window.location.protocol === 'https:'} />
  </StrictMode>
)

const root = document.getElementById(ROOT_ELEMENT_ID)
if (!root) throw new Error('profile.html has no #root element')
// The server's HTML is only hydrated together with the copy it was rendered from; anything else renders afresh.
// As a transition, hydration yields to the browser every few milliseconds instead of holding a slow phone's main
// thread for one long task; the page is already on screen meanwhile.
if (embedded && root.firstElementChild) startTransition(() => void hydrateRoot(root, app))
else createRoot(root).render(app)

registerServiceWorker({
  onUpdateWaiting: (reload) =>
    showToast({ title: 'A new version is available', message: 'Reload to use it.', autoCloseMs: null, action: { label: 'Reload', onClick: reload } }),
  // The first visit loaded the profile before the worker existed; asking again through it saves the copy that an
  // offline re-scan opens.
  onFirstControl: () => {
    if (!shareableId) return
    void fetch(apiPaths.publicProfile(shareableId), { cache: 'no-cache' }).catch(() => undefined)
    // Photos already on screen come from the HTTP cache, so saving them costs no data; the rest wait for a visit.
    for (const image of Array.from(document.images)) {
      const url = new URL(image.currentSrc || image.src, window.location.href)
      if (image.complete && image.naturalWidth > 0 && url.origin === window.location.origin) void fetch(url).catch(() => undefined)
    }
  },
})
