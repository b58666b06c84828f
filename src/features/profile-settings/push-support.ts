// Owns what this browser can do about push (issue 29), read without asking anything, and the plain words for each case.

export type PushEnvironment = {
  serviceWorker: boolean
  pushManager: boolean
  notification: boolean
  /** Notification.permission; 'default' until the owner answers the browser's question. */
  permission: NotificationPermission | null
  /** iPhone or iPad (an iPad's Safari says Macintosh, with touch points). */
  ios: boolean
  /** Opened from the Home Screen (navigator.standalone, or display-mode standalone). */
  standalone: boolean
  /** The server's VAPID key: null when it has none, undefined while not known (offline). */
  serverKey: string | null | undefined
}

export type PushSupport =
  | { kind: 'ready' }
  /** Push can work; the browser asks when the owner turns a switch on. */
  | { kind: 'ask' }
  | { kind: 'install-first' | 'unsupported' | 'blocked' | 'no-server'; message: string }

export const PUSH_TEXTS = {
  installFirst: "On iPhone and iPad, notifications work only in the installed app: in Safari tap Share, then 'Add to Home Screen', and open QR Tee from there.",
  unsupported: 'This browser cannot show push notifications. Email notifications still work.',
  blocked: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then turn a switch on again.',
  noServer: 'Push notifications are not available on this server. Email notifications still work.',
  notSetUp: 'Push could not be set up on this device. Please try again later.',
  notAllowed: 'Notifications were not allowed. Turn the switch on again to be asked again.',
  offlineNote: 'You are offline: changes apply when you are online again.',
  pendingNote: 'Saved on this device; it applies when you are online.',
  emailVerified: (email: string) => `Mail goes to ${email}.`,
  emailUnverified: (email: string) => `Mail goes only to a confirmed address: confirm ${email} with the link we sent you.`,
  emailUnknown: 'Mail goes only to a confirmed email address.',
  emailUnavailable: 'This server is not set up to send mail: no confirmation link was sent, and no notification goes out by email.',
  testSent: 'Test notification sent. It should appear in a few seconds.',
  testOffline: 'Sending a test notification needs an internet connection.',
  testNeedsPush: 'Turn on push for gifts or orders first.',
  testFailed: 'The test notification could not be sent. Please try again later.',
} as const

/** Detects the case; the order matters: an iPhone's Safari tab lacks PushManager because it is not installed. */
export function pushSupport(env: PushEnvironment): PushSupport {
  if (env.ios && !env.standalone) return { kind: 'install-first', message: PUSH_TEXTS.installFirst }
  if (!env.serviceWorker || !env.pushManager || !env.notification) return { kind: 'unsupported', message: PUSH_TEXTS.unsupported }
  if (env.permission === 'denied') return { kind: 'blocked', message: PUSH_TEXTS.blocked }
  if (env.serverKey === null) return { kind: 'no-server', message: PUSH_TEXTS.noServer }
  return env.permission === 'granted' ? { kind: 'ready' } : { kind: 'ask' }
}

/** True when the switches may be moved: the owner can turn push on (or off) here. */
export const canUsePush = (support: PushSupport) => support.kind === 'ready' || support.kind === 'ask'

type NavigatorLike = { userAgent: string; maxTouchPoints?: number; standalone?: boolean; serviceWorker?: unknown }
type WindowLike = { PushManager?: unknown; Notification?: { permission: NotificationPermission }; matchMedia?: (query: string) => { matches: boolean } }

/** Reads the environment from the browser's globals (never calls requestPermission). */
export function readPushEnvironment(nav: NavigatorLike, win: WindowLike, serverKey: string | null | undefined): PushEnvironment {
  const ios = /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1)
  return {
    serviceWorker: 'serviceWorker' in nav && nav.serviceWorker !== undefined,
    pushManager: typeof win.PushManager !== 'undefined',
    notification: typeof win.Notification !== 'undefined',
    permission: win.Notification?.permission ?? null,
    ios,
    standalone: nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true,
    serverKey,
  }
}
