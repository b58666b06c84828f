// Bootstrap: erases OAuth tokens from the address bar first, then mounts Mantine, notifications and the router,
// and registers the service worker in production builds.
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
// After Mantine's sheet, as the provider's runtime <style> came after it: the theme's variables win where they differ.
import 'virtual:qrtee-theme.css'
import './ui/touch-targets.css'
import './ui/toasts.css'
import './ui/long-words.css'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { RouterProvider, createRouter } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { consumeOAuthCallback, finishOAuthExchange } from './features/auth/oauth-callback.ts'
import { announceRouteChanges } from './features/shell/route-announcer.ts'
import { registerServiceWorker } from './features/shell/service-worker.ts'
import { reloadOnStaleChunks } from './features/shell/stale-chunk.ts'
import { showUpdatePrompt } from './features/shell/update-prompt.tsx'
import { removeBootShell } from './ui/boot-shell.ts'
import { theme } from './lib/theme.ts'
import { DEFAULT_THEME, themeStorageManager, toColorScheme } from './lib/theme-storage.ts'
import { routeTree } from './routeTree.gen.ts'
import { toastLimit, toastPosition } from './lib/toast-room.ts'

// Before the router reads the location: tokens in /oauth/callback's query must never reach history or a render.
consumeOAuthCallback(window.location, window.history)
// A Google sign-in's one-time code becomes the token pair before the router decides where this tab goes.
await finishOAuthExchange(window.history)

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true })

// The owner frames take the boot shell away as they paint; any other page the router renders (a redirect to /login,
// an error) ends it too, so it never covers a page.
router.subscribe('onRendered', removeBootShell)
announceRouteChanges(router)

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
  interface StaticDataRouteOption {
    /** A mailed link's page, holding its token in memory only: a session that ends elsewhere does not take it away. */
    keepsPageOnSessionEnd?: boolean
  }
}

const colorSchemeManager = themeStorageManager()

const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')

createRoot(rootElement).render(
  <StrictMode>
    {/* The theme's variables and breakpoint classes come from the build (virtual:qrtee-theme.css, src/lib/theme-css.ts). */}
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false} colorSchemeManager={colorSchemeManager} defaultColorScheme={toColorScheme(DEFAULT_THEME)}>
      <Notifications position={toastPosition(window.innerWidth)} limit={toastLimit(window.innerWidth)} />
      <RouterProvider router={router} />
    </MantineProvider>
  </StrictMode>,
)

registerServiceWorker({ onUpdateWaiting: showUpdatePrompt })
reloadOnStaleChunks()
