// Keeps every answer honest about its connection: one written before the request's body has arrived whole says
// `Connection: close`, and the socket closes after it (issue 27, item 7).
import type { IncomingMessage, RequestListener } from 'node:http'

/**
 * Whether bytes of a body may follow the head. A request without one (a scan's GET) is not `complete` yet while the
 * fast path answers it synchronously inside the 'request' event: Node marks it complete only after that event.
 */
const expectsBody = (incoming: IncomingMessage) =>
  incoming.headers['transfer-encoding'] !== undefined || Number(incoming.headers['content-length'] ?? 0) > 0

/**
 * A 413, or a 401 or 400 given before the route read the body, leaves unread bytes on the socket. Node's parser
 * cannot read the next request until they are gone, and the adapter's own clean-up gives up after 500 ms or 64 MB and
 * destroys a socket whose answer promised keep-alive: the client's next request on it then fails ("other side
 * closed"). Draining megabytes we already refused to spend time on is not worth it either, so such an answer closes,
 * and says so, and the client opens a new connection for its next request. A body that has arrived whole (even if
 * nobody read it) is no obstacle: Node discards the rest and the connection stays alive.
 */
export function honestConnections(listener: RequestListener): RequestListener {
  return (incoming, outgoing) => {
    // Most requests (every scan) carry no body: they are passed on untouched, with no wrapper to allocate.
    if (!expectsBody(incoming)) return listener(incoming, outgoing)
    const writeHead = outgoing.writeHead
    outgoing.writeHead = function (this: typeof outgoing, ...args: Parameters<typeof writeHead>) {
      if (!incoming.complete && !outgoing.headersSent) outgoing.setHeader('Connection', 'close')
      return writeHead.apply(this, args)
    } as typeof writeHead
    return listener(incoming, outgoing)
  }
}
