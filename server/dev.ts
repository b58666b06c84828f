// `npm run dev`: the API on PORT+1 (default 8081) behind Vite's dev server on PORT, which proxies /api to it.
import { createServer } from 'vite'
import { loadConfig } from './config.ts'
import { startServer } from './main.ts'

const config = loadConfig()
const api = await startServer({ ...config, port: config.port + 1 })
const vite = await createServer({ server: { port: config.port, host: config.host, proxy: { '/api': `http://127.0.0.1:${api.port}` } } })
await vite.listen()
vite.printUrls()
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void Promise.all([vite.close(), api.close()]).then(() => process.exit(0)))
}
