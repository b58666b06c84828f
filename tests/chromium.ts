// Finds Debian's (or another) Chromium and the flags it runs with in tests and benches: quiet and deterministic.
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

// Quiet, deterministic Chromium: no sandbox (containers), no background downloads or sync, no QUIC.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`)
  }
  const found = CANDIDATES.find((candidate) => existsSync(candidate))
  if (found) return found
  const bundled = chromium.executablePath()
  if (bundled && existsSync(bundled)) return bundled
  throw new Error(
    'No Chromium found for the end-to-end tests. Install it with `apt-get install -y chromium` ' +
      '(Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome executable.',
  )
}
