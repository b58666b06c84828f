// Owns how a request that got no answer is said to people (issue 23): 'No connection' or 'The server did not answer',
// never the browser's raw 'Failed to fetch' / 'NetworkError when attempting to fetch resource.' / 'Load failed'.

export const NO_CONNECTION = 'No connection'
export const NO_ANSWER = 'The server did not answer'

/** The words for a fetch that threw: offline is 'No connection'; online, a refused, dropped or timed-out call got no answer. */
export function networkFailureWords(error: unknown, online: boolean): string {
  // The error's own text is never shown: browsers word the same failure differently, and none of it helps.
  void error
  return online ? NO_ANSWER : NO_CONNECTION
}

/** navigator.onLine where there is a navigator (page and worker); true elsewhere (node tests). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false
}
