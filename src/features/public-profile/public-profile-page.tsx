// Owns the page a QR code opens (/profile/{shareableId}): load states, the saved-copy notice, and the profile type.
import { IconAlertCircle, IconWifiOff } from '@tabler/icons-react'
import { useEffect, useSyncExternalStore } from 'react'
import { applyVisitorHead, visitorHead } from './document-head.ts'
import type { VisitorProfile } from './load-profile.ts'
import { CustomTextView, RedirectView, SocialLinksView, UnsupportedView } from './other-views.tsx'
import { ProfileSkeleton } from './profile-skeleton.tsx'
import { PROFILE_ERROR_TEXTS } from './profile-state.ts'
import { selectProfileView } from './profile-view.ts'
import { Toaster } from './toasts.tsx'
import { usePublicProfile } from './use-public-profile.ts'
import { WishlistView } from './wishlist-view.tsx'

/** How often a page that needs a connection tries again while the browser says it is online. */
const RETRY_WHEN_ONLINE_MS = 3000
/** How often a saved copy on screen is asked for afresh while online: gently, since the server may be in trouble. */
const REFRESH_SAVED_COPY_MS = 10_000
const SAVED_COPY_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** Offline, or online with a server that gave no answer fit to show (a dead network, a 5xx): the saved copy says which. */
export function savedCopyNotice(savedAt: Date, online: boolean): string {
  const when = SAVED_COPY_FORMAT.format(savedAt)
  return online ? `The server did not answer. Showing a saved copy from ${when}.` : `You are offline. Showing a saved copy from ${when}.`
}

export type PublicProfilePageProps = {
  shareableId: string | undefined
  /** The copy the server rendered the page from (or null): shown at once, then refreshed. */
  embedded: VisitorProfile | null
}

export function PublicProfilePage({ shareableId, embedded }: PublicProfilePageProps) {
  return (
    // The page's main landmark: the site header sits outside it, and screen readers jump straight here.
    <main className="qv-main">
      {/* Keyed by id: opening another profile starts over instead of showing the last one while it loads. */}
      <LoadedProfile key={shareableId ?? ''} shareableId={shareableId} embedded={embedded} />
      {/* Quiet on purpose: the page is the owner's, not an advert. */}
      <p className="qv-own">
        <a className="qv-link" href="/">
          Get your own QR Tee
        </a>
      </p>
      <Toaster />
    </main>
  )
}

/** navigator.onLine as state: the saved copy's notice follows the connection without a reload. */
function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('online', changed)
      window.addEventListener('offline', changed)
      return () => {
        window.removeEventListener('online', changed)
        window.removeEventListener('offline', changed)
      }
    },
    () => navigator.onLine,
    () => true,
  )
}

/** While `active`: reload when the browser comes online, and every `everyMs` while it says it is online. */
function useReloadWhileOnline(active: boolean, reload: () => void, everyMs: number): void {
  useEffect(() => {
    if (!active) return
    const retry = () => {
      if (navigator.onLine) reload()
    }
    window.addEventListener('online', retry)
    const timer = setInterval(retry, everyMs)
    return () => {
      window.removeEventListener('online', retry)
      clearInterval(timer)
    }
  }, [active, reload, everyMs])
}

function LoadedProfile({ shareableId, embedded }: PublicProfilePageProps) {
  const { state, reload } = usePublicProfile(shareableId, embedded)
  const online = useOnline()
  const waitingForConnection = state.status === 'error' && state.reason === 'offline'
  const onSavedCopy = state.status === 'loaded' && state.savedCopyAt !== null
  const shown = state.status === 'loaded' ? state.profile : null
  useEffect(() => {
    // The service worker's empty document has the generic head; the server's page already carries this profile's.
    if (shown && !embedded) applyVisitorHead(visitorHead(shown, window.location.origin))
  }, [shown, embedded])
  // A profile that needs a connection opens by itself once there is one. The first request after the 'online' event
  // can still fail (the network is not up yet), so it keeps trying while the browser says it is online.
  useReloadWhileOnline(waitingForConnection, reload, RETRY_WHEN_ONLINE_MS)
  // A saved copy is the best the visitor had a moment ago, not for the rest of the visit: once the connection is back,
  // or the server answers again, the page shows the owner's current profile. A failed refresh keeps the copy.
  useReloadWhileOnline(onSavedCopy, reload, REFRESH_SAVED_COPY_MS)
  if (state.status === 'loading') return <ProfileSkeleton />
  if (state.status === 'error') {
    const { title, text } = PROFILE_ERROR_TEXTS[state.reason]
    const canRetry = state.reason === 'offline' || state.reason === 'no-answer'
    return (
      <div className={state.reason === 'offline' ? 'qv-alert qv-alert-warn' : 'qv-alert'} role="alert">
        {state.reason === 'offline' ? <IconWifiOff size={20} aria-hidden /> : <IconAlertCircle size={20} aria-hidden />}
        <div className="qv-stack" style={{ gap: 8 }}>
          {/* The state's title is the page's one heading: without it a screen reader finds no h1 to start from. */}
          <h1 className="qv-alert-title">{title}</h1>
          <p>{text}</p>
          {canRetry && (
            <p>
              <button type="button" className="qv-btn qv-btn-default" onClick={reload}>
                Try again
              </button>
            </p>
          )}
        </div>
      </div>
    )
  }
  return (
    <>
      {state.savedCopyAt && (
        <div className="qv-alert qv-alert-warn" role="status">
          <IconWifiOff size={20} aria-hidden />
          <p>{savedCopyNotice(state.savedCopyAt, online)}</p>
        </div>
      )}
      <ProfileBody profile={state.profile} onOutdated={reload} />
    </>
  )
}

function ProfileBody({ profile, onOutdated }: { profile: VisitorProfile; onOutdated: () => void }) {
  const view = selectProfileView(profile)
  switch (view.kind) {
    case 'wishlist':
      return <WishlistView profile={profile} onOutdated={onOutdated} />
    case 'custom-text':
      return <CustomTextView profile={profile} text={view.text} links={view.links} />
    case 'social-links':
      return <SocialLinksView profile={profile} links={view.links} />
    case 'redirect':
      return <RedirectView url={view.url} />
    case 'unsupported':
      return <UnsupportedView />
  }
}
