// Owns the API's addresses as every runtime spells them: the builders the page, the sync worker, the service worker
// and the visitor page call, and the matchers the server and the service worker recognise requests by.

const part = encodeURIComponent

/** Every call the browser makes, by name; ids are encoded, so a username with `/` or `?` stays one path segment. */
export const apiPaths = {
  /** The signed-in owner's own profile (GET, PUT). */
  ownProfile: '/api/profiles',
  /** A visitor's GET of a profile, by shareable id or username. */
  publicProfile: (idOrUsername: string) => `/api/profiles/${part(idOrUsername)}`,
  /** POST: a new item on the owner's profile. */
  wishlistItemsOfProfile: (profileId: string) => `/api/wishlist-items/profile/${part(profileId)}`,
  /** PUT, DELETE: one wishlist item. */
  wishlistItem: (itemId: string) => `/api/wishlist-items/${part(itemId)}`,
  /** POST an image; a profile photo names its profile. */
  uploads: (profileId?: string | null) => (profileId ? `/api/uploads?profileId=${part(profileId)}` : '/api/uploads'),
  /** An uploaded image's own address; it never changes under one id. */
  upload: (imageId: string) => `/api/uploads/${part(imageId)}`,
  /** POST {url}: what a shop page says about its product (issue 28). */
  linkPreviews: '/api/link-previews',
  authRefresh: '/api/auth/refresh',
  syncPush: '/api/sync/push',
  syncChanges: '/api/sync/changes',
  /** POST: a visitor records a purchase on a profile's wishlist. */
  publicPurchases: (shareableId: string) => `/api/public/profiles/${part(shareableId)}/purchases`,
  /** POST: the buyer's one message, stored with their purchase (decision 148). */
  publicPurchaseMessage: (shareableId: string, purchaseId: string) => `/api/public/profiles/${part(shareableId)}/purchases/${part(purchaseId)}/message`,
  /** POST: the owner puts a purchased gift back on the wishlist (pushed through the outbox like any write). */
  undoPurchase: (itemId: string) => `/api/wishlist-items/${part(itemId)}/undo-purchase`,
  /** POST: the visitor page reports a scan of a profile. */
  publicScans: (shareableId: string) => `/api/public/profiles/${part(shareableId)}/scans`,
  /** The shirt's print file (a PNG of the profile's QR code). */
  printFile: (shareableId: string) => `/api/public/print-files/${part(shareableId)}.png`,
  supportContact: '/api/public/support/contact',
  publicConfig: '/api/public/config',
  /** POST (upsert by endpoint) and DELETE {endpoint}: this device's push subscription (issue 29). */
  pushSubscriptions: '/api/push-subscriptions',
  /** POST {endpoint}: a test notification to this device. */
  pushSubscriptionTest: '/api/push-subscriptions/test',
  /** POST {oldEndpoint, endpoint, keys}, no session: the service worker moves a renewed subscription (decision 182). */
  pushRenewals: '/api/public/push-renewals',
} as const

/** What every uploaded image's address starts with; a stored item image URL with it is ours to delete. */
export const UPLOAD_PATH_PREFIX = '/api/uploads/'

/** An uploaded image's own address, /api/uploads/{id}. */
export function isUploadPath(pathname: string): boolean {
  return /^\/api\/uploads\/[^/]+$/.test(pathname)
}

/** The profile id of GET /api/profiles/{id}, or null: the owner's own /api/profiles and deeper paths are not public. */
export function publicProfileIdFromApiPath(pathname: string): string | null {
  const match = /^\/api\/profiles\/([^/]+)$/.exec(pathname)
  return match?.[1] ?? null
}

/** Owner pages under /profile/ that are not profile addresses. */
export const OWNER_PROFILE_PATHS: ReadonlySet<string> = new Set(['edit', 'qr'])

/** The id of a visitor page /profile/{id} as it appears in the path (still URL-encoded), or null. */
export function publicProfileIdFromPagePath(pathname: string): string | null {
  const match = /^\/profile\/([^/]+)\/?$/.exec(pathname)
  const id = match?.[1]
  return id === undefined || OWNER_PROFILE_PATHS.has(id) ? null : id
}

// The owner-data paths the outbox writes (apiPaths.ownProfile, wishlistItemsOfProfile, wishlistItem, upload); nothing
// else (no recursion into /api/sync, no auth, no visitor calls).
const PUSHABLE_PATH = /^\/api\/(?:profiles|wishlist-items\/[A-Za-z0-9-]+(?:\/[A-Za-z0-9-]+)?|uploads\/[A-Za-z0-9-]+)$/

/** The server's allow-list for a sync push operation's path. */
export function isPushablePath(path: string): boolean {
  return PUSHABLE_PATH.test(path)
}
