// Pure retry timing: exponential backoff with full jitter, capped at 30 s (spec 9: "exponential backoff capped at 30 s").
export const BACKOFF_BASE_MS = 1000
export const BACKOFF_CAP_MS = 30_000

/**
 * Delay before retry number `failures` (1 = first retry). Full jitter spreads many clients that lost the network
 * together so they do not come back in one wave; `random` is injectable for tests.
 */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return 0
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(failures - 1, 30))
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}

/**
 * A request that got no answer within its deadline (a frozen server: 30 s each) is not retried a second later: the
 * wait before the next attempt is at least this, growing as usual from there.
 */
export const NO_ANSWER_BACKOFF_MIN_MS = 10_000

export function retryDelay(failures: number, noAnswer: boolean, random: () => number = Math.random): number {
  const delay = backoffDelay(failures, random)
  return noAnswer ? Math.max(NO_ANSWER_BACKOFF_MIN_MS, delay) : delay
}
