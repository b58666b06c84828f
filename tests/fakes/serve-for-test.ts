// Runs the server as its own process, as startServer does for `npm start` but without a build, with the database
// waits the environment's DATABASE_TIMEOUTS (JSON) names; prints `listening on PORT` once it serves.
import { loadConfig } from '../../server/config.ts'
import { startServer } from '../../server/main.ts'

const databaseTimeouts = process.env.DATABASE_TIMEOUTS ? JSON.parse(process.env.DATABASE_TIMEOUTS) : {}
const { port, close } = await startServer(loadConfig(), { distDir: '/nonexistent', databaseTimeouts })
console.log(`listening on ${port}`)
process.once('SIGTERM', () => void close().then(() => process.exit(0)))
