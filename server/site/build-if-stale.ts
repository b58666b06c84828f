// Rebuilds the PWA when dist/ is missing or older than any source it is built from.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const SOURCES = ['src', 'sw', 'public', 'scripts', 'index.html', 'profile.html', 'site.html', 'vite.config.ts', 'package.json', 'package-lock.json']

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs)
}

export function isBuildStale(root: string): boolean {
  const built = path.join(root, 'dist', 'index.html')
  // The prerendered public pages are written last (vite.config.ts): without them the build did not finish.
  if (!existsSync(built) || !existsSync(path.join(root, 'dist', 'public-site', 'landing.html'))) return true
  const builtAt = statSync(built).mtimeMs
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt)
}

export function buildIfStale(root: string): void {
  if (!isBuildStale(root)) return
  console.log('Building the app (dist/ is missing or older than the sources)...')
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    // A test runner's NODE_ENV=test would make Vite write a development build, where the service worker never registers.
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error('The app build failed; see the output above.')
}
