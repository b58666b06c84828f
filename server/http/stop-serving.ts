// Stopping the HTTP server at shutdown in bounded time: idle connections go at once, requests in flight get a grace
// period, and whatever is still open after it is cut.
import type { Server } from 'node:http'

/** How long requests in flight when shutdown begins may take to finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000

/**
 * A connection whose request finished during the grace is idle again; Node keeps it for keepAliveTimeout (its answer
 * promised keep-alive), so it is looked for this often and closed, and the process does not wait on it.
 */
const IDLE_SWEEP_MS = 100

/**
 * server.close() alone waits for every connection: a client that announced a body and never sent it, or never ended
 * its headers, held the process until it gave up (minutes). Resolves once the server is closed; `onGraceOver` is
 * called if connections had to be cut.
 */
export function stopServing(server: Server, graceMs: number, onGraceOver: () => void = () => {}): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
    const deadline = setTimeout(() => {
      onGraceOver()
      server.closeAllConnections()
    }, graceMs)
    server.close(() => {
      clearInterval(sweep)
      clearTimeout(deadline)
      resolve()
    })
    server.closeIdleConnections()
  })
}
