// Owns the "base" side of the A/B benches: another commit checked out in a temporary git worktree that shares this
// tree's node_modules, built there, started like `npm start`, and removed afterwards.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { startAppLikeNpmStart } from '../tests/app-server.ts'

const root = path.resolve(import.meta.dirname, '..')

export type BaseBuild = { dir: string; startApp: typeof startAppLikeNpmStart; remove: () => void }

/** The commit `base` built in a worktree of its own; call `remove` when done, also after a failure. */
export async function buildBase(base: string): Promise<BaseBuild> {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'qrtee-ab-')), 'base')
  execFileSync('git', ['worktree', 'add', '--detach', dir, base], { cwd: root, stdio: 'ignore' })
  const remove = () => execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' })
  try {
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'ignore' })
    const { startAppLikeNpmStart: startApp } = (await import(path.join(dir, 'tests/app-server.ts'))) as { startAppLikeNpmStart: typeof startAppLikeNpmStart }
    return { dir, startApp, remove }
  } catch (err) {
    remove()
    throw err
  }
}

/** Median with the spread, e.g. `120 ms (80-190, runs 80/120/190)`; a failed run (NaN) is shown and left out of both. */
export function spread(values: number[], unit = ''): string {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  const mid = sorted.length % 2 ? (sorted[(sorted.length - 1) / 2] ?? Number.NaN) : ((sorted[sorted.length / 2 - 1] ?? 0) + (sorted[sorted.length / 2] ?? 0)) / 2
  const r = (v: number) => (Number.isFinite(v) ? `${Math.round(v * 100) / 100}` : 'failed')
  const failed = values.length - sorted.length
  return `${r(mid)}${unit} (${r(sorted[0] ?? Number.NaN)}-${r(sorted.at(-1) ?? Number.NaN)}, runs ${values.map(r).join('/')}${failed ? `; ${failed} failed, left out` : ''})`
}
