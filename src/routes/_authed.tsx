// Pathless layout of the protected routes: no session -> /login with the requested location to come back to;
// with one, the owner's sync client starts (and learns of a new sign-in) before any protected page renders.
import { createFileRoute, redirect, type AnyRoute, type ParsedLocation } from '@tanstack/react-router'
import { ensureSession } from '../features/auth/session.ts'
import { AuthedLayout } from './_authed/-components/authed-layout.tsx'
import type * as OwnerSyncModule from '../features/owner-session/owner-sync.ts'

/** Set once the sync module is loaded; until then every navigation runs the full guard. */
let ownerSync: typeof OwnerSyncModule | undefined

/**
 * Starts loading the code of this layout and of the matched protected page (route components, each split into a
 * chunk of its own) while the guard opens the local database: the router would only ask once the guard has answered
 * (decision 110).
 */
function preloadMatchedPages(matches: ReadonlyArray<{ routeId: string }>): void {
  const ids = new Set(matches.map((match) => match.routeId))
  const routes = [Route as AnyRoute, ...((Route.children ?? []) as ReadonlyArray<AnyRoute>)]
  for (const route of routes) {
    const component = route.options.component as { preload?: () => Promise<void> } | undefined
    // A failed load is the router's to report when it asks for the same chunk.
    if (ids.has(route.id)) void component?.preload?.()?.catch(() => undefined)
  }
}

async function guard(location: ParsedLocation, matches: ReadonlyArray<{ routeId: string }>): Promise<void> {
  performance.mark('qrtee:guard')
  if (!(await ensureSession())) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true })
  performance.mark('qrtee:session')
  preloadMatchedPages(matches)
  // Loaded on demand: Dexie and the sync engine stay out of the public pages' JavaScript.
  ownerSync ??= await import('../features/owner-session/owner-sync.ts')
  performance.mark('qrtee:sync-code')
  // Another owner's unsent changes are on this device: the newcomer decides before any protected page renders.
  if ((await ownerSync.startOwnerSync()) === 'ask-owner-switch') throw redirect({ to: '/switch-owner', search: { redirect: location.href }, replace: true })
}

export const Route = createFileRoute('/_authed')({
  // Runs before any child renders, so nothing protected is shown while a refresh is in flight. The router runs it on
  // every navigation, a dialog's search-only change included: with the announced session still stored there is
  // nothing left to check or start, so it answers synchronously (decision 110); any other pair runs the full guard.
  beforeLoad: ({ location, matches }): Promise<void> | undefined => (ownerSync?.isOwnerSyncCurrent() ? undefined : guard(location, matches)),
  component: AuthedLayout,
})
