// Owns how a request that got no answer, or an answer that says "later", is said to people (issue 23): 'No connection',
// 'The server did not answer', 'The server is having trouble right now', never the browser's raw 'Failed to fetch' /
// 'NetworkError when attempting to fetch resource.' / 'Load failed', nor a status code.

export const NO_CONNECTION = 'No connection'
export const NO_ANSWER = 'The server did not answer'

/** The words for a fetch that threw: offline is 'No connection'; online, a refused, dropped or timed-out call got no answer. */
export function networkFailureWords(error: unknown, online: boolean): string {
  // The error's own text is never shown: browsers word the same failure differently, and none of it helps.
  void error
  return online ? NO_ANSWER : NO_CONNECTION
}

export const SERVER_TROUBLE = 'The server is having trouble right now'
export const SERVER_BUSY = 'The server is busy right now'

/**
 * The words for an answer that asks for a later try (5xx, 408, 409 of a change still in progress, 425, 429): the
 * owner's changes wait, and what they need to know is that the server, not their phone, is the reason.
 */
export function laterAnswerWords(status: number): string {
  if (status === 408) return NO_ANSWER
  if (status === 429 || status === 409 || status === 425) return SERVER_BUSY
  return SERVER_TROUBLE
}

/** navigator.onLine where there is a navigator (page and worker); true elsewhere (node tests). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false
}
