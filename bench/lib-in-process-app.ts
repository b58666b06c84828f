// What the in-process benches share: numeric command-line options and the real app on an in-memory PGlite.
import { tmpdir } from 'node:os'
import path from 'node:path'

export const numericArg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}

export async function inProcessApp() {
  const { createApp } = await import('../server/app.ts')
  const { loadConfig } = await import('../server/config.ts')
  const { openDatabase } = await import('../server/db/client.ts')
  const database = await openDatabase('memory://')
  const config = loadConfig({ JWT_SECRET: 'bench-secret-bench-secret-bench-secret', DATA_DIR: path.join(tmpdir(), 'qr-tee-bench'), LOG_LEVEL: 'silent' })
  return { app: createApp({ database, config, now: () => new Date() }), database }
}
