// One server process for tests/api/two-servers.ts: startServer with the configuration of its environment, its port
// printed as the first line of standard output; it stops on SIGTERM or when the test process goes away.
import { loadConfig } from '../../server/config.ts'
import { startServer } from '../../server/main.ts'

const server = await startServer(loadConfig(), { distDir: process.env.TEST_DIST_DIR ?? '/nonexistent' })
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`)

let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
// The parent holds our stdin open; when it ends (the test process exited or crashed), so do we.
process.stdin.on('end', stop)
process.stdin.resume()
