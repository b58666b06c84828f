// Owns what the server stores in place of a client address (decision 127): an HMAC under the address secret, never the
// address or a plain hash of it (every IPv4 address can be hashed and compared in minutes).
import { createHmac } from 'node:crypto'
import type { Context } from 'hono'
import { clientAddress } from './client-address.ts'
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/names.ts'
import type { Config } from '../config.ts'
import type { AppEnv } from '../app-env.ts'

/** HMAC-SHA-256 of the parts (joined by NUL, so no two lists of parts run together), base64url. */
export function addressDigest(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url')
}

/**
 * A version-4 UUID or exactly 32 hex digits: the 122-128 random bits the pages send (src/lib/random-key.ts), which
 * nobody guesses. A key of one repeated digit (a client's constant, the nil UUID) is not random, whatever its form.
 */
const RANDOM_KEY = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|[0-9a-f]{32})$/i
const isRandomKey = (key: string) => RANDOM_KEY.test(key) && new Set(key.replaceAll('-', '').toLowerCase()).size > 4
/** The scope of visitors' random keys: one for all, as such a key is nobody else's (decision 196). */
export const RANDOM_KEY_SCOPE = 'public:random-key'

/**
 * The idempotency scope of a caller without a token. A random key (what the pages send) is its own scope, so a phone
 * that moved from Wi-Fi to mobile data between a lost answer and its retry still gets its first answer (decision 196);
 * any other key is scoped by the caller's address, keyed, so the row never holds the address itself.
 */
export function visitorIdempotencyScope(c: Context<AppEnv>, config: Pick<Config, 'addressSecret' | 'trustProxy'>): string {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
  if (key !== undefined && isRandomKey(key)) return RANDOM_KEY_SCOPE
  return `public:${addressDigest(config.addressSecret, 'idempotency', clientAddress(c, config.trustProxy))}`
}

/**
 * The salt of a UTC day's visitor hashes: derived, so every server holding the secret has the same one without storing
 * it, and kept only in each server's memory while the day lasts (server/scans/scan-counter.ts).
 */
export function scanSaltOf(secret: string, day: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(`scan-salt\u0000${day}`).digest())
}
