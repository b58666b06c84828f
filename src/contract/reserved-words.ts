// Owns the path words no public address may equal: a username or a shareableId is served at /profile/{address} and
// must never shadow one of the app's own pages (/profile/edit, /profile/qr, /products/new) or the server's paths.
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'qr', 'edit', 'new', 'login', 'logout', 'register', 'dashboard', 'demo', 'api', 'admin', 'profile', 'profiles',
  'products', 'oauth', 'callback', 'help-center', 'helpcenter', 'public', 'uploads', 'settings', 'wishlist',
  'purchases', 'order', 'orders', 'support', 'static', 'assets', 'me', 'users', 'auth', 'sync', 'health', 'ready',
  'undefined', 'null', 'printful', 'print-files', 'switch-owner', 'forgot-password', 'reset-password', 'verify-email',
  'undo-email-change', '.well-known',
])

/** Compared in lower case, as public addresses are (a /profile/EDIT link is /profile/edit to a reader). */
export const isReservedWord = (candidate: string) => RESERVED_WORDS.has(candidate.toLowerCase())
