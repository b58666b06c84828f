// Owns what the server stores in place of a client address (decision 127): an HMAC under the address secret, never the
// address or a plain hash of it (every IPv4 address can be hashed and compared in minutes).
import { createHmac } from 'node:crypto'
import type { Context } from 'hono'
import { clientAddress } from './client-address.ts'
import type { Config } from '../config.ts'
import type { AppEnv } from '../app-env.ts'

/** HMAC-SHA-256 of the parts (joined by NUL, so no two lists of parts run together), base64url. */
export function addressDigest(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url')
}

/** The idempotency scope of a caller without a token: its address, keyed, so the row never holds the address itself. */
export function visitorIdempotencyScope(c: Context<AppEnv>, config: Pick<Config, 'addressSecret' | 'trustProxy'>): string {
  return `public:${addressDigest(config.addressSecret, 'idempotency', clientAddress(c, config.trustProxy))}`
}

/**
 * The salt of a UTC day's visitor hashes: derived, so every server holding the secret has the same one without storing
 * it, and kept only in each server's memory while the day lasts (server/scans/scan-counter.ts).
 */
export function scanSaltOf(secret: string, day: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(`scan-salt\u0000${day}`).digest())
}
