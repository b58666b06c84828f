// A TCP proxy (node:net) between a server and PostgreSQL that a test can cut, stall and restore: outages on cue.
import { createServer, type Server, type Socket, connect } from 'node:net'

export type ProxyState = 'open' | 'cut' | 'stalled'

export type TcpProxy = {
  /** The local port to connect to instead of the target's. */
  port: number
  state: () => ProxyState
  /** Connections currently carried (or held while stalled). */
  connections: () => number
  /** As if the database went away: every connection is reset at once and new ones are refused. */
  cut: () => void
  /** As if the network went silent: nothing is forwarded any more, and new connections are accepted but never answered. */
  stall: () => void
  /** Forwards again; connections held while stalled are reset, as a peer that gave up would. */
  restore: () => void
  close: () => Promise<void>
}

type Pair = { client: Socket; upstream: Socket | undefined; done: boolean }

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: ProxyState = 'open'
  const pairs = new Set<Pair>()

  const reset = (pair: Pair) => {
    if (pair.done) return
    pair.done = true
    pairs.delete(pair)
    pair.client.resetAndDestroy()
    pair.upstream?.resetAndDestroy()
  }

  const server: Server = createServer((client) => {
    const pair: Pair = { client, upstream: undefined, done: false }
    client.on('error', () => reset(pair))
    client.on('close', () => reset(pair))
    if (state === 'cut') return void client.resetAndDestroy()
    pairs.add(pair)
    if (state === 'stalled') return
    const upstream = connect(target.port, target.host)
    pair.upstream = upstream
    upstream.on('error', () => reset(pair))
    upstream.on('close', () => reset(pair))
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  return {
    port,
    state: () => state,
    connections: () => pairs.size,
    cut() {
      state = 'cut'
      for (const pair of [...pairs]) reset(pair)
    },
    stall() {
      state = 'stalled'
      for (const { client, upstream } of pairs) {
        // Bytes already in flight stay unread: neither side hears from the other again.
        client.unpipe()
        upstream?.unpipe()
        client.pause()
        upstream?.pause()
      }
    },
    restore() {
      if (state === 'stalled') for (const pair of [...pairs]) reset(pair)
      state = 'open'
    },
    close() {
      state = 'cut'
      for (const pair of [...pairs]) reset(pair)
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
