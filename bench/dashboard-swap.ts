// A/B of the dashboard reload the way the figure is taken: `bench:dashboard` itself (one Chromium, one server),
// run in turn on another commit's build and on this tree's, swapped under dist/, several rounds each. Slower than
// bench:dashboard:ab, but steps of 10-20 ms show through: that bench's two Chromiums move its medians by more (decision
// 185). Prints reload to the last card, Edit to the filled dialog and the Edit click's own latency, median and mean of each side over every run.
// Run: npm run bench:dashboard:swap -- [--base HEAD] [--rounds 4] [--runs 5]. dist/ is this tree's build again at the end.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildIfStale } from '../server/site/build-if-stale.ts'
import { buildBase, spread } from './lib-ab.ts'

const arg = (name: string, fallback: string) => (process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? fallback) : fallback)
const BASE = arg('--base', 'HEAD')
const ROUNDS = Number(arg('--rounds', '4'))
const RUNS = arg('--runs', '5')

const root = path.resolve(import.meta.dirname, '..')
const dist = path.join(root, 'dist')
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

/** Puts a build under dist/, newer than every source, so the bench's own staleness check keeps it. */
function useBuild(from: string): void {
  rmSync(dist, { recursive: true, force: true })
  cpSync(from, dist, { recursive: true })
  const now = new Date()
  utimesSync(path.join(dist, 'index.html'), now, now)
}

/** The figures compared, by the line of bench:dashboard that opens them (its next line lists the runs). */
const FIGURES = {
  reload: 'Reload to the last card painted',
  edit: 'Click on Edit to the dialog painted',
  editLatency: 'Interaction latency of the click on Edit itself',
} as const
type Figure = keyof typeof FIGURES
type Runs = Record<Figure, number[]>

/** One bench:dashboard; answers the runs of each figure. */
function benchRuns(): Runs {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/owner-dashboard.ts'), '--runs', RUNS], { cwd: root, encoding: 'utf8' })
  const lines = result.stdout.split('\n')
  const runsOf = (figure: Figure) => {
    const at = lines.findIndex((line) => line.startsWith(FIGURES[figure]))
    const runs = lines[at + 1]?.match(/runs: ([\d, ]+)/)?.[1]
    if (result.status !== 0 || at < 0 || !runs) throw new Error(`bench:dashboard failed:\n${result.stdout}\n${result.stderr}`)
    return runs.split(',').map(Number)
  }
  return { reload: runsOf('reload'), edit: runsOf('edit'), editLatency: runsOf('editLatency') }
}

buildIfStale(root)
const keep = mkdtempSync(path.join(tmpdir(), 'qrtee-swap-'))
const tree = path.join(keep, 'tree')
cpSync(dist, tree, { recursive: true })
const base = await buildBase(BASE)
try {
  const sides = [
    { label: `base ${BASE}`, build: path.join(base.dir, 'dist'), runs: { reload: [], edit: [], editLatency: [] } as Runs },
    { label: 'this tree', build: tree, runs: { reload: [], edit: [], editLatency: [] } as Runs },
  ]
  for (let round = 1; round <= ROUNDS; round++) {
    // ABBA order, so neither side always runs first in a round.
    for (const side of round % 2 ? sides : [...sides].reverse()) {
      useBuild(side.build)
      const runs = benchRuns()
      for (const figure of Object.keys(FIGURES) as Figure[]) side.runs[figure].push(...runs[figure])
      console.log(`round ${round}, ${side.label}: reload ${runs.reload.join(', ')} ms; Edit ${runs.edit.join(', ')} ms; its click ${runs.editLatency.join(', ')} ms`)
    }
  }
  for (const figure of Object.keys(FIGURES) as Figure[]) {
    console.log(`${FIGURES[figure]}, ${ROUNDS} rounds of ${RUNS} runs, builds swapped under dist/:`)
    for (const side of sides) console.log(`  ${side.label.padEnd(18)} median ${spread(side.runs[figure], ' ms')}; mean ${Math.round(mean(side.runs[figure]))} ms`)
  }
} finally {
  useBuild(tree)
  rmSync(keep, { recursive: true, force: true })
  base.remove()
}
