// The service worker: precached app shell, runtime caching rules, SPA navigations from the shell, and the update handshake.
import * as v from 'valibot'
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { SkipWaitingMessageSchema } from '../src/contract/messages.ts'
import { registerCachingRules } from './caching-rules.ts'
import { registerPushHandlers } from './push-handlers.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> }

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// The first install takes the open tab at once: otherwise that tab stays uncontrolled for its whole life, and a route
// chunk it has not loaded yet cannot be fetched once the phone goes offline. Updates still wait for SKIP_WAITING.
clientsClaim()

// Before the shell's NavigationRoute: Workbox answers with the first matching route, and an offline re-scan of a
// redirect profile must go to its cached destination rather than to the shell.
registerCachingRules()

// Every client route is the same index.html; /api/ answers must come from the network, never from the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }))

// The owner's gift and order notifications (issue 29), shown even when no page of the app is open.
registerPushHandlers()

// A new version waits until the page's "Reload" asks it to take over, so no open tab runs mixed versions.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if (v.is(SkipWaitingMessageSchema, event.data)) void self.skipWaiting()
})
