// Shareable ids of public profiles: short, URL-safe, easy to read off a shirt, and never a word the app routes itself.
import { randomInt } from 'node:crypto'
import { SHAREABLE_ID_ALPHABET, SHAREABLE_ID_LENGTH } from '../../src/contract/profile.ts'

// The alphabet lives in the contract, where the service worker reads the id shape too.
export { SHAREABLE_ID_ALPHABET, SHAREABLE_ID_LENGTH, SHAREABLE_ID_PATTERN } from '../../src/contract/profile.ts'

/**
 * Path words of the app and API that an id must never equal, so /profile/{id} cannot be confused with a route.
 * At length 10 most cannot occur, but the check is cheap and keeps a future length change safe.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'qr', 'edit', 'new', 'login', 'logout', 'register', 'dashboard', 'demo', 'api', 'admin', 'profile', 'profiles',
  'products', 'oauth', 'callback', 'help-center', 'helpcenter', 'public', 'uploads', 'settings', 'wishlist',
  'purchases', 'order', 'orders', 'support', 'static', 'assets', 'me', 'users', 'auth', 'sync', 'health', 'ready',
  'undefined', 'null', 'printful', 'print-files',
])

export const isReservedWord = (candidate: string) => RESERVED_WORDS.has(candidate.toLowerCase())

/** Uniform over the alphabet (crypto.randomInt rejects biased draws): 31^10, about 2^49.5 ids. */
export function randomShareableId(pick: (max: number) => number = randomInt, isReserved = isReservedWord): string {
  for (;;) {
    let id = ''
    for (let i = 0; i < SHAREABLE_ID_LENGTH; i++) id += SHAREABLE_ID_ALPHABET[pick(SHAREABLE_ID_ALPHABET.length)]
    if (!isReserved(id)) return id
  }
}
