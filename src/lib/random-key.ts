// Owns the random keys the browser sends as Idempotency-Key: a UUID where the page may make one, else 128 random bits.

/** crypto.randomUUID needs a secure context; a phone on the LAN opens plain http, where only getRandomValues exists. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
