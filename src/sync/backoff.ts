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
