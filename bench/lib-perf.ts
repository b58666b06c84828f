// Reading `perf record -g` data of a Node server and summing it per request: by area (kernel, native, JavaScript,
// libc), by what the stacks pass through (waking the reader, the request log, the collector) and by leaf symbol.
import { execFileSync } from 'node:child_process'

/** One sample's stack, leaf first. */
export type PerfSample = { sym: string; dso: string }[]

export function readPerfSamples(dataFile: string): PerfSample[] {
  const text = execFileSync('perf', ['script', '-i', dataFile, '-F', 'ip,sym,dso'], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] })
  return text
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .map((line) => /^\s*[0-9a-f]+\s+(.*?)\s+\((.*)\)\s*$/.exec(line))
        .flatMap((match) => (match ? [{ sym: match[1] ?? '', dso: match[2] ?? '' }] : [])),
    )
    .filter((stack) => stack.length > 0)
}

type Area = 'kernel' | 'Node and V8 (native)' | 'JavaScript' | 'libc' | 'other'
function areaOf(frame: { sym: string; dso: string }): Area {
  if (frame.dso.includes('kernel')) return 'kernel'
  if (frame.sym.startsWith('JS:') || frame.dso.includes('perf-') || frame.dso.includes('JIT')) return 'JavaScript'
  if (/\/node$/.test(frame.dso)) return 'Node and V8 (native)'
  if (frame.dso.includes('libc')) return 'libc'
  return 'other'
}

/** What a stack passes through, by the frames' names. */
const PASSES: { label: string; test: (sym: string) => boolean }[] = [
  { label: 'waking the reader (loopback delivery, inside the send)', test: (sym) => sym === 'sock_def_readable' },
  { label: 'the request log (line, batch, hand-over)', test: (sym) => /logAnswer|log-output\.ts|sonic-boom/.test(sym) },
  { label: 'the garbage collector', test: (sym) => /Scavenge|MarkCompact|v8::internal::Heap::/.test(sym) },
  { label: 'the send (writev and below)', test: (sym) => sym === '__GI___writev' || sym === 'writev' },
]

export type PerfRun = { name: string; requestsPerSecond: number; samples: PerfSample[]; sampleUs: number; seconds: number }

function perRequest(run: PerfRun): (count: number) => number {
  const requests = run.requestsPerSecond * run.seconds
  return (count) => (count * run.sampleUs) / Math.max(1, requests)
}

function tally(run: PerfRun) {
  const us = perRequest(run)
  const areas = new Map<string, number>()
  const passes = new Map<string, number>()
  const leaves = new Map<string, number>()
  for (const stack of run.samples) {
    const leaf = stack[0]
    if (!leaf) continue
    const area = areaOf(leaf)
    areas.set(area, (areas.get(area) ?? 0) + 1)
    const name = area === 'JavaScript' && !leaf.sym.startsWith('JS:') ? '(JavaScript without a name)' : leaf.sym.replace(/\s+/g, ' ').slice(0, 90)
    leaves.set(name, (leaves.get(name) ?? 0) + 1)
    for (const pass of PASSES) if (stack.some((frame) => pass.test(frame.sym))) passes.set(pass.label, (passes.get(pass.label) ?? 0) + 1)
  }
  const inUs = (map: Map<string, number>) => new Map([...map].map(([key, count]) => [key, us(count)]))
  return { total: us(run.samples.length), areas: inUs(areas), passes: inUs(passes), leaves: inUs(leaves) }
}

const cell = (value: number | undefined) => (value ?? 0).toFixed(2).padStart(8)

/** Prints the two runs side by side, µs of sampled time per request. */
export function summarise(app: PerfRun, raw: PerfRun): void {
  const a = tally(app)
  const r = tally(raw)
  const row = (label: string, x: number | undefined, y: number | undefined) => console.log(`  ${label.padEnd(58)} ${cell(x)} ${cell(y)} ${cell((x ?? 0) - (y ?? 0))}`)
  console.log(`\n${app.name}: ${app.requestsPerSecond.toFixed(0)} req/s; ${raw.name}: ${raw.requestsPerSecond.toFixed(0)} req/s (${(app.requestsPerSecond / raw.requestsPerSecond).toFixed(2)}x)`)
  console.log(`  ${'µs of sampled time per request'.padEnd(58)} ${app.name.padStart(8)} ${'raw'.padStart(8)} ${'app-raw'.padStart(8)}`)
  row('all', a.total, r.total)
  for (const area of ['kernel', 'Node and V8 (native)', 'JavaScript', 'libc', 'other']) row(`  ${area}`, a.areas.get(area), r.areas.get(area))
  console.log('  stacks passing through (overlapping):')
  for (const pass of PASSES) row(`  ${pass.label}`, a.passes.get(pass.label), r.passes.get(pass.label))
  console.log('  leaf symbols where the two differ most:')
  const names = new Set([...a.leaves.keys(), ...r.leaves.keys()])
  const differences = [...names].map((name) => ({ name, diff: (a.leaves.get(name) ?? 0) - (r.leaves.get(name) ?? 0) })).sort((x, y) => y.diff - x.diff)
  for (const { name } of differences.slice(0, 15)) row(`  ${name.slice(0, 56)}`, a.leaves.get(name), r.leaves.get(name))
}
