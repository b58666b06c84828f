// Owns what a push service's answer means for a delivery (RFC 8030 section 5, the services' documented answers): sent,
// the subscription is gone, try later (honouring Retry-After), or drop this one push. Pure, so a table test reads it.

export type PushOutcome =
  | { kind: 'sent' }
  /** 404/410: the browser unsubscribed or the subscription expired; it is removed. */
  | { kind: 'gone' }
  /** 429, 5xx, a timeout or a broken connection: the same push later, not before `notBeforeMs` from now if given. */
  | { kind: 'retry'; notBeforeMs?: number }
  /** Any other refusal (400 bad request, 401/403 a key mismatch, 413 too large): this push is dropped, logged. */
  | { kind: 'drop' }

/** Retry-After as delay-seconds or an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  if (!header) return undefined
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** The outcome of an answer with `status` (undefined: no answer, a timeout or a network error). */
export function pushOutcome(status: number | undefined, retryAfter: string | null | undefined, now: number): PushOutcome {
  if (status === undefined) return { kind: 'retry' }
  if (status >= 200 && status < 300) return { kind: 'sent' }
  if (status === 404 || status === 410) return { kind: 'gone' }
  if (status === 429 || status >= 500) {
    const notBeforeMs = retryAfterMs(retryAfter, now)
    return notBeforeMs === undefined ? { kind: 'retry' } : { kind: 'retry', notBeforeMs }
  }
  return { kind: 'drop' }
}
