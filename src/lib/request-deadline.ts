// Owns how long a page's call may wait for an answer (decision 192), so the app's client and the visitor page agree.

/** The sync worker's deadline, given to page calls too: a server that took the connection and went silent. */
export const PAGE_REQUEST_TIMEOUT_MS = 30_000
